---------------------------- MODULE PrimeHistory ----------------------------
(***************************************************************************)
(* PRIME at the sender (paper arXiv 2507.23012, Alg. 1, and "Design       *)
(* Elements: congestion history and path penalization"; docs/design.md         *)
(* "Congestion history"): one flow sprays packets over Paths with the      *)
(* odometer generator of Alg. 2 (module Odometer) and keeps one penalty    *)
(* per path.                                                               *)
(*                                                                         *)
(*  - A clean ACK changes no penalty.                                      *)
(*  - An ECN-marked ACK sets the path's penalty to P_ECN only if it is 0.  *)
(*  - A NACK (trimmed packet) sets it to P_NACK.                           *)
(*  - Send = pick, then decay.  The PICK READS pen AS IT STANDS IN THE     *)
(*    STATE BEFORE THE SEND: after the previous send's decay plus every    *)
(*    signal received since.  It draws values from the generator and       *)
(*    skips penalized paths, for at most MaxTries = 2*NumPaths - 1 draws   *)
(*    (any such window of the odometer holds an aligned block, so a clean  *)
(*    path is met if one exists); if all paths are penalized it takes one  *)
(*    of least penalty (ties unspecified: the paper fixes none).  Only     *)
(*    after the pick does the decay lower every penalty by some d in       *)
(*    Decay, floored at 0 ({1}: count-based; several values: time-based,   *)
(*    d being the time since the previous send).  Decay never runs inside *)
(*    the selection scan.                                                  *)
(*                                                                         *)
(* Signals only arrive for paths with a packet in flight.  inflight[p]    *)
(* counts them up to MaxInFlight; a send beyond that is absorbed, which   *)
(* only removes signal behaviours (bounded inside the action, not by a    *)
(* CONSTRAINT, so fairness and liveness stay meaningful).  quiet models   *)
(* "the network stops signalling": once set, no ECN and no NACK arrive    *)
(* (clean ACKs still may).                                                 *)
(*                                                                         *)
(* Mutation selects a deliberately broken variant, each breaking one     *)
(* rule, so that every property below is shown to be able to fail (the    *)
(* model catalogue in tla/README.md lists property -> mutant -> verdict):  *)
(*   "EcnIgnored"        an ECN-marked ACK changes nothing                 *)
(*   "EcnRepenalizes"    ECN adds P_ECN to a penalized path (cumulative)   *)
(*   "NackAsEcn"         a NACK is handled like an ECN mark                *)
(*   "AckClears"         an unmarked ACK clears its path's penalty         *)
(*   "NackKeepsPacket"   a NACK does not retire its packet                 *)
(*   "BlindPick"         the pick ignores penalties (CO-PRIME)             *)
(*   "SingleTry"         MaxTries = 1: no scan, straight to the fallback   *)
(*   "ShortWindow"       MaxTries = 2*NumPaths - 2, one draw short         *)
(*   "FallbackLastDrawn" the fallback sends on the last value drawn        *)
(*   "SkipsNotConsumed"  the skipped draws are not consumed: the generator *)
(*                       moves one step per send, so the next send draws   *)
(*                       again what this scan drew past its first value    *)
(*   "DecayUnfloored"    the decay is not floored at 0                     *)
(* Decay = {0} (no decay) is the mutant for the liveness properties.      *)
(***************************************************************************)
EXTENDS Odometer

CONSTANTS
    P_ECN,         \* penalty set by an ECN-marked ACK on a clean path
    P_NACK,        \* penalty set by a NACK
    Decay,         \* the possible decay amounts of one send
    MaxInFlight,   \* packets in flight tracked per path
    Mutation       \* "none", or a broken variant for negative tests

ASSUME P_ECN \in Nat \ {0}
ASSUME P_NACK \in Nat /\ P_NACK > P_ECN
ASSUME Decay \subseteq Nat /\ Decay # {}
ASSUME MaxInFlight \in Nat \ {0}
ASSUME Mutation \in {"none", "EcnIgnored", "EcnRepenalizes", "NackAsEcn", "AckClears", "NackKeepsPacket",
                     "BlindPick", "SingleTry", "ShortWindow", "FallbackLastDrawn", "SkipsNotConsumed",
                     "DecayUnfloored"}
ASSUME NumPaths >= 2       \* spraying needs two paths

VARIABLES
    gen,        \* generator state (Odometer)
    pen,        \* pen[p]: the penalty of path p, 0 = clean
    inflight,   \* inflight[p]: packets in flight on p (saturating at MaxInFlight)
    quiet,      \* TRUE once the network has stopped sending ECN and NACK
    lastPick,   \* the path of the latest send (NoPick before the first)
    fellBack    \* TRUE iff the latest send's scan met no clean path (fallback)

vars == << gen, pen, inflight, quiet, lastPick, fellBack >>

NoPick == << L1, L2 >>                 \* outside Paths
\* The scan's window: any 2*NumPaths - 1 consecutive draws of the odometer
\* contain an aligned block of NumPaths draws, i.e. every path (PrimeEntropy).
MaxTries ==
    CASE Mutation = "SingleTry"   -> 1
      [] Mutation = "ShortWindow" -> 2 * NumPaths - 2
      [] OTHER                    -> 2 * NumPaths - 1

Min(a, b) == IF a < b THEN a ELSE b
Max(a, b) == IF a > b THEN a ELSE b

TypeOK ==
    /\ gen \in GenState
    /\ pen \in [Paths -> 0 .. P_NACK]
    /\ inflight \in [Paths -> 0 .. MaxInFlight]
    /\ quiet \in BOOLEAN
    /\ lastPick \in Paths \cup {NoPick}
    /\ fellBack \in BOOLEAN

Init ==
    /\ gen \in GenInit
    /\ pen = [p \in Paths |-> 0]          \* "first BDP: no history"
    /\ inflight = [p \in Paths |-> 0]
    /\ quiet = FALSE
    /\ lastPick = NoPick
    /\ fellBack = FALSE

-----------------------------------------------------------------------------
(* The pick rule, over the current pen.                                    *)

Clean(p) == pen[p] = 0
LeastPenalized == { p \in Paths : \A q \in Paths : pen[p] <= pen[q] }

\* The outcomes of the generate-and-skip loop at draw number t from generator
\* state g: a set of << picked path, generator state after the send, whether
\* the scan fell back >>.  [Alg. 1: draw, skip penalized, give up after
\* MaxTries draws and take a least-penalized path.]
RECURSIVE Pick(_, _)
Pick(g, t) ==
    LET v == Value(g) IN
    IF Clean(v) \/ Mutation = "BlindPick"
      THEN { << v, h, FALSE >> : h \in Advance(g) }
    ELSE IF t = MaxTries
      THEN IF Mutation = "FallbackLastDrawn"
             THEN { << v, h, TRUE >> : h \in Advance(g) }
             ELSE { << q, h, TRUE >> : q \in LeastPenalized, h \in Advance(g) }
    ELSE UNION { Pick(h, t + 1) : h \in Advance(g) }

\* The generator states a send leaves, from the state g it started at and the
\* state h its scan reached (just past its last draw).  [Alg. 1: every pass
\* of the loop calls MEV.generate(), so a skipped draw is consumed like the
\* taken one: the next send draws on from where this scan stopped.]
Resume(g, h) == IF Mutation = "SkipsNotConsumed" THEN Advance(g) ELSE {h}

\* [Paper: an ECN-marked ACK penalizes a clean path with P_ECN and leaves a
\* penalized path as it is.]
EcnRule(x) ==
    CASE Mutation = "EcnIgnored"     -> x
      [] Mutation = "EcnRepenalizes" -> Min(x + P_ECN, P_NACK)
      [] OTHER                       -> IF x = 0 THEN P_ECN ELSE x

\* [Paper: a NACK (trimmed packet) penalizes its path with P_NACK.]
NackRule(x) == IF Mutation = "NackAsEcn" THEN EcnRule(x) ELSE P_NACK

\* [Paper: every send lowers every penalty by the decay d, floored at 0.]
DecayRule(x, d) == IF Mutation = "DecayUnfloored" THEN x - d ELSE Max(x - d, 0)

\* [Paper: an unmarked ACK changes no penalty.]
AckRule(x) == IF Mutation = "AckClears" THEN 0 ELSE x

-----------------------------------------------------------------------------
(* Actions.                                                                *)

\* [Alg. 1, send] Pick a path by the rule above, then decay every penalty
\* [paper: decay after the pick, never inside the scan].
Send ==
    \E o \in Pick(gen, 1) : \E h \in Resume(gen, o[2]), d \in Decay :
        /\ gen' = h
        /\ lastPick' = o[1]
        /\ fellBack' = o[3]
        /\ inflight' = [inflight EXCEPT ![o[1]] = Min(@ + 1, MaxInFlight)]
        /\ pen' = [p \in Paths |-> DecayRule(pen[p], d)]
        /\ UNCHANGED quiet

\* [Alg. 1, on ACK] An unmarked ACK for a packet on p.
Ack(p) ==
    /\ inflight[p] > 0
    /\ inflight' = [inflight EXCEPT ![p] = @ - 1]
    /\ pen' = [pen EXCEPT ![p] = AckRule(@)]
    /\ UNCHANGED << gen, quiet, lastPick, fellBack >>

\* [Alg. 1, on ACK with ECN] An ECN-marked ACK for a packet on p.
EcnAck(p) ==
    /\ ~quiet
    /\ inflight[p] > 0
    /\ inflight' = [inflight EXCEPT ![p] = @ - 1]
    /\ pen' = [pen EXCEPT ![p] = EcnRule(@)]
    /\ UNCHANGED << gen, quiet, lastPick, fellBack >>

\* [Alg. 1, on NACK] A NACK for a packet on p that was trimmed.
Nack(p) ==
    /\ ~quiet
    /\ inflight[p] > 0
    /\ inflight' = [inflight EXCEPT ![p] = IF Mutation = "NackKeepsPacket" THEN @ ELSE @ - 1]
    /\ pen' = [pen EXCEPT ![p] = NackRule(@)]
    /\ UNCHANGED << gen, quiet, lastPick, fellBack >>

\* From now on the network sends no ECN and no NACK.
StopSignals ==
    /\ ~quiet
    /\ quiet' = TRUE
    /\ UNCHANGED << gen, pen, inflight, lastPick, fellBack >>

Next ==
    \/ Send
    \/ StopSignals
    \/ \E p \in Paths : Ack(p) \/ EcnAck(p) \/ Nack(p)

\* Only sending is fair: signals may or may not come.
Spec == Init /\ [][Next]_vars /\ WF_vars(Send)

-----------------------------------------------------------------------------
(* Safety.                                                                 *)

\* A send step, recognized cheaply: signals lower one inflight count and
\* StopSignals sets quiet, while a send does neither. SentIsSend checks that
\* this matches Send on every non-stuttering step (mutant NackKeepsPacket, a
\* NACK that retires no packet, breaks it); the properties below use Sent so
\* that TLC need not re-evaluate the pick for every step it checks.
\* (Counters cannot serve: the pick loop may draw a multiple of L1 values
\* and a reshuffle may restore the same order, leaving gen unchanged.)
Sent == quiet' = quiet /\ \A p \in Paths : inflight'[p] >= inflight[p]
SentIsSend == [][Sent <=> Send]_vars

AnyClean == \E q \in Paths : Clean(q)

\* The scan meets a clean path whenever one exists: within MaxTries draws
\* the odometer draws every path (fails with SingleTry and ShortWindow:
\* the window 2*NumPaths - 1 is needed and enough).
ScanFindsCleanPath == [][Sent /\ AnyClean => ~fellBack']_vars

\* Never pick a penalized path while a clean one exists, judged against the
\* table the pick read (fails with BlindPick) ...
NoPenalizedPickWhileClean ==
    [][Sent => (Clean(lastPick') \/ ~AnyClean)]_vars

\* ... and against the table the send leaves behind (fails with BlindPick;
\* a scheme that decays inside its scan fails it too: see BitmapContrast).
NoPenalizedPickWhileCleanAfterSend ==
    [][Sent => (pen'[lastPick'] = 0 \/ \A q \in Paths : pen'[q] > 0)]_vars

\* When the scan gives up, the send takes a path of least penalty (fails
\* with FallbackLastDrawn).
FallbackIsLeastPenalized ==
    [][Sent /\ fellBack' => \A q \in Paths : pen[lastPick'] <= pen[q]]_vars

\* An ECN mark on a clean path penalizes it (fails with EcnIgnored) ...
EcnPenalizesCleanPath ==
    [][\A p \in Paths : EcnAck(p) /\ Clean(p) => pen'[p] = P_ECN]_vars

\* ... and leaves a penalized path as it is: no multi-penalization (fails
\* with EcnRepenalizes).
EcnLeavesPenalizedPath ==
    [][\A p \in Paths : EcnAck(p) /\ ~Clean(p) => pen'[p] = pen[p]]_vars

\* A trimmed packet penalizes its path with the full P_NACK, more than any
\* ECN mark does (fails with NackAsEcn).
NackPenalizesFully == [][\A p \in Paths : Nack(p) => pen'[p] = P_NACK]_vars

\* An unmarked ACK clears nothing: only the decay lowers a penalty (fails
\* with AckClears).
CleanAckKeepsPenalties == [][\A p \in Paths : Ack(p) => pen' = pen]_vars

AllClear == \A p \in Paths : pen[p] = 0

-----------------------------------------------------------------------------
(* Liveness (under WF_vars(Send)); each fails with Decay = {0}.  quiet is *)
(* stable (once TRUE it stays TRUE), so "quiet ~> P" for a P that recurs  *)
(* is written <>[]quiet => []<>P: the same meaning, and a form TLC checks *)
(* without a tableau, several times faster.                                *)

\* Once the network is quiet, every penalty reaches 0 (and stays 0).
QuietClearsPenalties == <>[]quiet => <>[]AllClear

\* Once the network is quiet, every path is picked again and again.
QuietPicksEveryPath == \A p \in Paths : <>[]quiet => []<>(lastPick = p)

\* Every path is picked infinitely often even if signals never stop.
EveryPathPickedInfinitelyOften == \A p \in Paths : []<>(lastPick = p)

=============================================================================
