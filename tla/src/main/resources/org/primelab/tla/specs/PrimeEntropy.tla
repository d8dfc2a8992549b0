---------------------------- MODULE PrimeEntropy ----------------------------
(***************************************************************************)
(* PRIME's multi-part EV generator on its own (paper arXiv 2507.23012,     *)
(* Alg. 2, odometer variant; docs/design.md "PRIME generator"): one flow sends  *)
(* forever, each send takes the value under the counters and advances the  *)
(* odometer, reshuffling each part when it wraps.                          *)
(*                                                                         *)
(* A reshuffle is a random draw: with probability 1 every permutation is  *)
(* drawn again and again.  ShuffleSpec states that as strong fairness on   *)
(* each outcome of a reshuffle (the usual rendering of a fair random       *)
(* choice); it is kept apart from Spec because TLC checks each SF as a     *)
(* disjunction, 2^(L1! + L2!) cases, so only small models use it.          *)
(*                                                                         *)
(* Mutation selects a broken generator for negative tests:                 *)
(*   "NoCarry"     part 1 wraps but part 2 never advances (lost carry)     *)
(*   "NoReshuffle" a part that wraps keeps its order (counters only)       *)
(*   "OffByOneWrap" part 1 wraps one step late (counter runs to L1)        *)
(* Every property below fails under one of them (tla/README.md).          *)
(***************************************************************************)
EXTENDS Odometer

CONSTANT Mutation   \* "none" or a broken generator (above)

ASSUME Mutation \in {"none", "NoCarry", "NoReshuffle", "OffByOneWrap"}

VARIABLES
    gen,     \* the generator state (see Odometer)
    seen,    \* paths sent in the current aligned block
    pos,     \* sends in the current aligned block, 0..Block
    last     \* the path of the latest send (NoPath before the first)

vars == << gen, seen, pos, last >>

Block  == L1 * L2
NoPath == << L1, L2 >>          \* outside Paths: "nothing sent yet"

TypeOK ==
    /\ gen \in GenState
    /\ seen \subseteq Paths
    /\ pos \in 0 .. Block
    /\ last \in Paths \cup {NoPath}

Init ==
    /\ gen \in GenInit
    /\ seen = {}
    /\ pos = 0
    /\ last = NoPath

\* The generator step, or a broken one.
Step(g) ==
    CASE Mutation = "NoCarry" ->
           IF g.c1 < L1 - 1 THEN { [g EXCEPT !.c1 = @ + 1] }
           ELSE { [g EXCEPT !.c1 = 0, !.p1 = a] : a \in Perms1 }
      [] Mutation = "NoReshuffle" ->
           { [g EXCEPT !.c1 = (@ + 1) % L1,
                       !.c2 = IF g.c1 = L1 - 1 THEN (@ + 1) % L2 ELSE @] }
      [] Mutation = "OffByOneWrap" ->
           IF g.c1 < L1 THEN { [g EXCEPT !.c1 = @ + 1] } ELSE Advance(g)
      [] OTHER -> Advance(g)

\* [Alg. 2, one send] Take the value under the counters, advance the
\* odometer.  A full block (pos = Block) is kept until the next send starts
\* a new one, so the invariants below see every complete block.
Emit ==
    /\ gen' \in Step(gen)
    /\ last' = Value(gen)
    /\ IF pos = Block
         THEN /\ seen' = { Value(gen) }
              /\ pos' = 1
         ELSE /\ seen' = seen \cup { Value(gen) }
              /\ pos' = pos + 1

Next == Emit

\* A send that wraps part 1 and reshuffles it to order a; one that wraps
\* part 2 too and reshuffles it to order b.
EmitReshuffling1(a) == Emit /\ gen.c1 = L1 - 1 /\ gen'.p1 = a
EmitReshuffling2(b) == Emit /\ gen.c1 = L1 - 1 /\ gen.c2 = L2 - 1 /\ gen'.p2 = b

Spec == Init /\ [][Next]_vars /\ WF_vars(Emit)

ShuffleSpec ==
    /\ Spec
    /\ \A a \in Perms1 : SF_vars(EmitReshuffling1(a))
    /\ \A b \in Perms2 : SF_vars(EmitReshuffling2(b))

-----------------------------------------------------------------------------
\* No path is sent twice within an aligned block; as a block has L1*L2
\* sends, a complete block sends every path exactly once (fails: NoCarry).
BlockCoversEachPathOnce == Cardinality(seen) = pos

\* The block position is the odometer reading: blocks are aligned with the
\* counters, so any 2*L1*L2 - 1 consecutive sends hold a whole aligned block
\* (the scan window of PrimeHistory) (fails: NoCarry).
BlocksAlignedWithCounters == (pos % Block) = gen.c2 * L1 + gen.c1

\* (fails: NoCarry, part 2 stays on its first port)
EveryPathPickedInfinitelyOften == \A p \in Paths : []<>(last = p)

\* The spray order is never frozen: every order of each part recurs, so
\* two flows that start in step do not stay in step (fails: NoReshuffle).
\* Checked under ShuffleSpec.
EveryOrderRecurs ==
    /\ \A a \in Perms1 : []<>(gen.p1 = a)
    /\ \A b \in Perms2 : []<>(gen.p2 = b)

=============================================================================
