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
(* Mutation selects a deliberately broken variant for negative tests:     *)
(* "EcnRepenalizes" (ECN adds P_ECN to a penalized path), "BlindPick"     *)
(* (the pick ignores penalties: CO-PRIME).  Decay = {0} disables decay.   *)
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
ASSUME Mutation \in {"none", "EcnRepenalizes", "BlindPick"}
ASSUME NumPaths >= 2       \* spraying needs two paths

VARIABLES
    gen,        \* generator state (Odometer)
    pen,        \* pen[p]: the penalty of path p, 0 = clean
    inflight,   \* inflight[p]: packets in flight on p (saturating at MaxInFlight)
    quiet,      \* TRUE once the network has stopped sending ECN and NACK
    lastPick    \* the path of the latest send (NoPick before the first)

vars == << gen, pen, inflight, quiet, lastPick >>

NoPick == << L1, L2 >>                 \* outside Paths
MaxTries == 2 * NumPaths - 1

Min(a, b) == IF a < b THEN a ELSE b
Max(a, b) == IF a > b THEN a ELSE b

TypeOK ==
    /\ gen \in GenState
    /\ pen \in [Paths -> 0 .. P_NACK]
    /\ inflight \in [Paths -> 0 .. MaxInFlight]
    /\ quiet \in BOOLEAN
    /\ lastPick \in Paths \cup {NoPick}

Init ==
    /\ gen \in GenInit
    /\ pen = [p \in Paths |-> 0]          \* "first BDP: no history"
    /\ inflight = [p \in Paths |-> 0]
    /\ quiet = FALSE
    /\ lastPick = NoPick

-----------------------------------------------------------------------------
(* The pick rule, over the current pen.                                    *)

Clean(p) == pen[p] = 0
LeastPenalized == { p \in Paths : \A q \in Paths : pen[p] <= pen[q] }

\* The outcomes of the generate-and-skip loop at draw number t from generator
\* state g: a set of << picked path, generator state after the send >>.
RECURSIVE Pick(_, _)
Pick(g, t) ==
    LET v == Value(g) IN
    IF Clean(v) \/ Mutation = "BlindPick"
      THEN { << v, h >> : h \in Advance(g) }
    ELSE IF t = MaxTries
      THEN { << q, h >> : q \in LeastPenalized, h \in Advance(g) }
    ELSE UNION { Pick(h, t + 1) : h \in Advance(g) }

EcnRule(x) ==
    IF Mutation = "EcnRepenalizes" THEN Min(x + P_ECN, P_NACK)
    ELSE IF x = 0 THEN P_ECN ELSE x

-----------------------------------------------------------------------------
(* Actions.                                                                *)

\* Pick a path by the rule above, then decay every penalty.
Send ==
    \E o \in Pick(gen, 1), d \in Decay :
        /\ gen' = o[2]
        /\ lastPick' = o[1]
        /\ inflight' = [inflight EXCEPT ![o[1]] = Min(@ + 1, MaxInFlight)]
        /\ pen' = [p \in Paths |-> Max(pen[p] - d, 0)]
        /\ UNCHANGED quiet

\* An unmarked ACK for a packet on p.
Ack(p) ==
    /\ inflight[p] > 0
    /\ inflight' = [inflight EXCEPT ![p] = @ - 1]
    /\ UNCHANGED << gen, pen, quiet, lastPick >>

\* An ECN-marked ACK for a packet on p.
EcnAck(p) ==
    /\ ~quiet
    /\ inflight[p] > 0
    /\ inflight' = [inflight EXCEPT ![p] = @ - 1]
    /\ pen' = [pen EXCEPT ![p] = EcnRule(@)]
    /\ UNCHANGED << gen, quiet, lastPick >>

\* A NACK for a packet on p that was trimmed.
Nack(p) ==
    /\ ~quiet
    /\ inflight[p] > 0
    /\ inflight' = [inflight EXCEPT ![p] = @ - 1]
    /\ pen' = [pen EXCEPT ![p] = P_NACK]
    /\ UNCHANGED << gen, quiet, lastPick >>

\* From now on the network sends no ECN and no NACK.
StopSignals ==
    /\ ~quiet
    /\ quiet' = TRUE
    /\ UNCHANGED << gen, pen, inflight, lastPick >>

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
\* this matches Send on every non-stuttering step; the properties below use
\* Sent so that TLC need not re-evaluate the pick for every step it checks.
\* (Counters cannot serve: the pick loop may draw a multiple of L1 values
\* and a reshuffle may restore the same order, leaving gen unchanged.)
Sent == quiet' = quiet /\ \A p \in Paths : inflight'[p] >= inflight[p]
SentIsSend == [][Sent <=> Send]_vars

\* The pick takes a path of least penalty in the state it reads ...
PickIsLeastPenalized ==
    [][Sent => \A q \in Paths : pen[lastPick'] <= pen[q]]_vars

\* ... in particular never a penalized path while a clean one exists,
NoPenalizedPickWhileClean ==
    [][Sent => (Clean(lastPick') \/ \A q \in Paths : ~Clean(q))]_vars

\* and that still holds against the table the send leaves behind (a scheme
\* that decays inside its scan can violate this one: see BitmapContrast).
NoPenalizedPickWhileCleanAfterSend ==
    [][Sent => (pen'[lastPick'] = 0 \/ \A q \in Paths : pen'[q] > 0)]_vars

\* ECN never raises a penalty, and leaves a penalized path as it is.
EcnNeverRaisesPenalty ==
    [][\A p \in Paths : EcnAck(p) => pen'[p] <= Max(pen[p], P_ECN) /\ (pen[p] > 0 => pen'[p] <= pen[p])]_vars
EcnLeavesPenalizedPath ==
    [][\A p \in Paths : EcnAck(p) /\ pen[p] > 0 => pen'[p] = pen[p]]_vars

NackSetsPNack == [][\A p \in Paths : Nack(p) => pen'[p] = P_NACK]_vars

\* Penalties only rise on ECN and NACK.
PenaltiesRiseOnlyOnSignals ==
    [][(\E p \in Paths : pen'[p] > pen[p]) => \E p \in Paths : EcnAck(p) \/ Nack(p)]_vars

AllClear == \A p \in Paths : pen[p] = 0

\* Once quiet and clear, the history stays clear.
QuietStaysClear == [][quiet /\ AllClear => AllClear']_vars

-----------------------------------------------------------------------------
(* Liveness (under WF_vars(Send)).                                         *)

\* Once the network is quiet, every penalty reaches 0.
QuietClearsPenalties == quiet ~> AllClear

\* Once the network is quiet, every path is picked again and again.
QuietPicksEveryPath == \A p \in Paths : quiet ~> (lastPick = p)

\* Every path is picked infinitely often even if signals never stop.
EveryPathPickedInfinitelyOften == \A p \in Paths : []<>(lastPick = p)

=============================================================================
