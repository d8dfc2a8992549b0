---------------------------- MODULE PrimeEntropy ----------------------------
(***************************************************************************)
(* PRIME's multi-part EV generator on its own (paper arXiv 2507.23012,     *)
(* Alg. 2, odometer variant; docs/design.md "PRIME generator"): one flow sends  *)
(* forever, each send takes the value under the counters and advances the  *)
(* odometer, reshuffling each part when it wraps.                          *)
(*                                                                         *)
(* Properties:                                                             *)
(*  - BlockCoversEachPathOnce: within every aligned block of L1*L2 sends  *)
(*    (blocks start at the flow's first send) no path repeats, so a full   *)
(*    block covers each (part-1, part-2) pair exactly once (FullBlock...). *)
(*  - EveryPathPickedInfinitelyOften, under weak fairness of Emit.        *)
(***************************************************************************)
EXTENDS Odometer

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

\* One send. A full block (pos = Block) is kept until the next send starts
\* a new one, so the invariants below see every complete block.
Emit ==
    /\ gen' \in Advance(gen)
    /\ last' = Value(gen)
    /\ IF pos = Block
         THEN /\ seen' = { Value(gen) }
              /\ pos' = 1
         ELSE /\ seen' = seen \cup { Value(gen) }
              /\ pos' = pos + 1

Next == Emit

Spec == Init /\ [][Next]_vars /\ WF_vars(Emit)

-----------------------------------------------------------------------------
\* No path is sent twice within an aligned block.
BlockCoversEachPathOnce == Cardinality(seen) = pos

\* Hence a complete block holds every path exactly once.
FullBlockIsEveryPath == pos = Block => seen = Paths

\* The block position is the odometer reading: blocks are aligned with the counters.
BlocksAlignedWithCounters == (pos % Block) = gen.c2 * L1 + gen.c1

EveryPathPickedInfinitelyOften == \A p \in Paths : []<>(last = p)

=============================================================================
