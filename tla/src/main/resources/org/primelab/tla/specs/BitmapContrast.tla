--------------------------- MODULE BitmapContrast ---------------------------
(***************************************************************************)
(* A contrast to PRIME (PrimeHistory): bitmap-style penalties as in the    *)
(* Ultra Ethernet Consortium's htsim simulator (UecMpBitmap; docs/references.md *)
(* "A contrast scheme for the TLA+ work").  Same sender, same signals,     *)
(* same property names as PrimeHistory; only the penalty bookkeeping and   *)
(* the pick differ:                                                        *)
(*                                                                         *)
(*  - penalties are cumulative: ECN adds EcnInc, NACK adds NackInc, capped *)
(*    at Cap (PRIME: ECN only on a clean path, NACK sets P_NACK);          *)
(*  - the pick scans slots from a cursor; slot s holds EV s XOR mask, and  *)
(*    the mask is redrawn (any value) whenever the cursor wraps;           *)
(*  - DECAY HAPPENS INSIDE THE SCAN: the first penalized entry the scan    *)
(*    meets loses 1 and is skipped, even if it is now clean; the scan      *)
(*    stops at the first clean entry, or gives up after N + 1 visits and   *)
(*    takes the entry it is on, penalized or not.                          *)
(*                                                                         *)
(* PRIME reads one consistent table and decays after the pick.  Here the  *)
(* table changes under the scan, and the N + 1 visits of a scan split by a *)
(* mask redraw need not cover every EV, so TLC finds penalized picks while *)
(* a clean EV exists.  With RedrawMask = FALSE the same in-scan decay      *)
(* passes both pick properties: the redraw is what exposes it.  See        *)
(* tla/README.md for the counterexamples.                                  *)
(***************************************************************************)
EXTENDS Naturals

CONSTANTS
    N,             \* number of EVs (a power of two: the mask is XORed)
    Cap,           \* maximum penalty
    EcnInc,        \* penalty added by an ECN-marked ACK
    NackInc,       \* penalty added by a NACK
    MaxInFlight,   \* packets in flight tracked per EV
    RedrawMask     \* TRUE as in htsim; FALSE keeps one mask (isolates the cause)

ASSUME N \in {2, 4, 8}
ASSUME Cap \in Nat \ {0} /\ EcnInc \in 1 .. Cap /\ NackInc \in 1 .. Cap
ASSUME MaxInFlight \in Nat \ {0}
ASSUME RedrawMask \in BOOLEAN

VARIABLES
    pen,        \* pen[e]: penalty of EV e
    slot,       \* the cursor: the next slot the scan visits
    mask,       \* the XOR mask of the current lap
    inflight,   \* inflight[e]: packets in flight on e (saturating)
    lastPick    \* the EV of the latest send (NoPick before the first)

vars == << pen, slot, mask, inflight, lastPick >>

EVs    == 0 .. (N - 1)
NoPick == N

Min(a, b) == IF a < b THEN a ELSE b

\* Bitwise exclusive or of two naturals.
RECURSIVE Xor(_, _)
Xor(a, b) ==
    IF a = 0 /\ b = 0 THEN 0
    ELSE 2 * Xor(a \div 2, b \div 2) + (((a % 2) + (b % 2)) % 2)

TypeOK ==
    /\ pen \in [EVs -> 0 .. Cap]
    /\ slot \in EVs
    /\ mask \in EVs
    /\ inflight \in [EVs -> 0 .. MaxInFlight]
    /\ lastPick \in EVs \cup {NoPick}

Init ==
    /\ pen = [e \in EVs |-> 0]
    /\ slot = 0
    /\ mask \in EVs
    /\ inflight = [e \in EVs |-> 0]
    /\ lastPick = NoPick

-----------------------------------------------------------------------------
\* The scan at visit k (1-based) of slot s under mask m with table t;
\* decayed: whether this scan has already decayed an entry.  The outcomes:
\* << picked EV, table after, next slot, next mask >>.
RECURSIVE Scan(_, _, _, _, _)
Scan(t, s, m, k, decayed) ==
    LET e     == Xor(s, m)
        next  == (s + 1) % N
        masks == IF s = N - 1 /\ RedrawMask THEN EVs ELSE {m}   \* redrawn on wrap
    IN IF t[e] = 0
         THEN { << e, t, next, m2 >> : m2 \in masks }
         ELSE LET t2 == IF decayed THEN t ELSE [t EXCEPT ![e] = @ - 1] IN
              IF k = N + 1
                THEN { << e, t2, next, m2 >> : m2 \in masks }
                ELSE UNION { Scan(t2, next, m2, k + 1, TRUE) : m2 \in masks }

Send ==
    \E o \in Scan(pen, slot, mask, 1, FALSE) :
        /\ lastPick' = o[1]
        /\ pen' = o[2]
        /\ slot' = o[3]
        /\ mask' = o[4]
        /\ inflight' = [inflight EXCEPT ![o[1]] = Min(@ + 1, MaxInFlight)]

Ack(e) ==
    /\ inflight[e] > 0
    /\ inflight' = [inflight EXCEPT ![e] = @ - 1]
    /\ UNCHANGED << pen, slot, mask, lastPick >>

EcnAck(e) ==
    /\ inflight[e] > 0
    /\ inflight' = [inflight EXCEPT ![e] = @ - 1]
    /\ pen' = [pen EXCEPT ![e] = Min(@ + EcnInc, Cap)]
    /\ UNCHANGED << slot, mask, lastPick >>

Nack(e) ==
    /\ inflight[e] > 0
    /\ inflight' = [inflight EXCEPT ![e] = @ - 1]
    /\ pen' = [pen EXCEPT ![e] = Min(@ + NackInc, Cap)]
    /\ UNCHANGED << slot, mask, lastPick >>

Next == Send \/ \E e \in EVs : Ack(e) \/ EcnAck(e) \/ Nack(e)

Spec == Init /\ [][Next]_vars /\ WF_vars(Send)

-----------------------------------------------------------------------------
\* The properties PRIME satisfies (PrimeHistory), stated the same way.

\* A send step: signals lower an inflight count, a send never does.
Sent == \A e \in EVs : inflight'[e] >= inflight[e]
SentIsSend == [][Sent <=> Send]_vars

Clean(e) == pen[e] = 0

\* Against the table as it stood before the send.
NoPenalizedPickWhileClean ==
    [][Sent => (Clean(lastPick') \/ \A q \in EVs : ~Clean(q))]_vars

\* Against the table the send leaves behind (after the in-scan decay).
NoPenalizedPickWhileCleanAfterSend ==
    [][Sent => (pen'[lastPick'] = 0 \/ \A q \in EVs : pen'[q] > 0)]_vars

=============================================================================
