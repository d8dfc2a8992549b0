----------------------------- MODULE PrimeSpray -----------------------------
(***************************************************************************)
(* How PRIME's spray is shared among the paths that stay clean while       *)
(* others are penalized: PrimeHistory (paper arXiv 2507.23012, Alg. 1 over *)
(* the Alg. 2 odometer) plus an observer that counts sends.                *)
(*                                                                         *)
(* A penalty takes its path out of the spray for a while; it must not skew *)
(* the spray among the paths that stay clean.  PRIME guarantees this:      *)
(* the odometer draws each path once per aligned block (PrimeEntropy), and *)
(* every value the scan draws is consumed, the skipped ones too [Alg. 1:   *)
(* while the EV's path is penalized, generate again], so the sends         *)
(* examine the odometer's sequence value by value, each value once, and a  *)
(* value whose path is clean is taken by the send that draws it.  Hence    *)
(* while a path q stays clean no other path p gets three sends before q    *)
(* gets one: three sends on p take values from three blocks, the middle    *)
(* block lies between the first and the third send and holds q, and the    *)
(* send that drew q took it.  Two sends are possible even with no penalty  *)
(* at all: a reshuffle can put the path that ended one block at the head   *)
(* of the next (so "no path twice before every clean path once" is false   *)
(* for PRIME).                                                             *)
(*                                                                         *)
(* The mutant SkipsNotConsumed (PrimeHistory's Resume: the generator moves *)
(* one step per send) passes every property of PrimeHistory but not this   *)
(* one: the path after a skipped one is drawn by two sends in a row.       *)
(*                                                                         *)
(* sendsSince is a history variable: it only watches the sends and changes *)
(* none of PrimeHistory's behaviours.  It lives here rather than in        *)
(* PrimeHistory because it multiplies the states (7,416 -> 32,184 over 3   *)
(* paths), which PrimeHistory's liveness models would pay for.  Sends are  *)
(* recognized by Sent, which SentIsSend (model PrimeHistory) shows exact   *)
(* on these constants.                                                     *)
(***************************************************************************)
EXTENDS PrimeHistory

VARIABLE
    sendsSince  \* sendsSince[q][p]: sends on p since the latest send on q, over sends that found q clean

sprayVars == << vars, sendsSince >>

NoSends == [p \in Paths |-> 0]

\* The counts after a send on path x that read the penalties pen: a send that
\* takes q, or finds q penalized, restarts q's row.
SendsSinceAfter(x) ==
    [q \in Paths |-> IF x = q \/ ~Clean(q) THEN NoSends ELSE [sendsSince[q] EXCEPT ![x] = @ + 1]]

SprayInit == Init /\ sendsSince = [q \in Paths |-> NoSends]

SprayNext == Next /\ sendsSince' = IF Sent THEN SendsSinceAfter(lastPick') ELSE sendsSince

SpraySpec == SprayInit /\ [][SprayNext]_sprayVars /\ WF_vars(Send)

\* While a path stays clean, no other path gets three sends before it gets
\* one: penalties take paths out of the spray without skewing it among the
\* clean ones (fails with SkipsNotConsumed).
CleanPathsKeepPace == \A q, p \in Paths : sendsSince[q][p] <= 2

=============================================================================
