------------------------------ MODULE Odometer ------------------------------
(***************************************************************************)
(* PRIME's multi-part entropy generator (paper arXiv 2507.23012, Alg. 2,   *)
(* "dependent implementation") as pure operators over a generator state,   *)
(* so that PrimeEntropy (the generator on its own) and PrimeHistory (the   *)
(* generator under the congestion history of Alg. 1) share one definition. *)
(*                                                                         *)
(* Two parts of L1 and L2 uplink ports (a 3-tier FatTree; a 2-tier tree is *)
(* L2 = 1).  Each part holds a permutation of its port indices and a       *)
(* counter.  A send reads the value under both counters, then advances the *)
(* part-1 counter; when it wraps, part 1 is reshuffled and the part-2      *)
(* counter moves (odometer carry); when part 2 wraps too it is reshuffled. *)
(* A reshuffle may yield any permutation (Fisher-Yates draws each with     *)
(* positive probability), so Advance(g) is a set of successor states.      *)
(* A path is the pair <<part-1 port, part-2 port>>.                        *)
(***************************************************************************)
EXTENDS Naturals, FiniteSets

CONSTANTS L1, L2          \* uplink ports of part 1 and part 2

ASSUME L1 \in Nat \ {0} /\ L2 \in Nat \ {0}

Ports(L) == 0 .. (L - 1)

\* Every permutation of 0..L-1, as a function from positions to ports.
Perms(L) == { f \in [Ports(L) -> Ports(L)] : \A i, j \in Ports(L) : i # j => f[i] # f[j] }

\* Constant-level, so TLC computes them once.
Perms1 == Perms(L1)
Perms2 == Perms(L2)

Paths    == Ports(L1) \X Ports(L2)
NumPaths == L1 * L2

\* The generator state: both permutations and both counters.
GenState == [p1 : Perms1, c1 : Ports(L1), p2 : Perms2, c2 : Ports(L2)]

\* Initially each part holds some shuffle and both counters are 0.
GenInit == { [p1 |-> a, c1 |-> 0, p2 |-> b, c2 |-> 0] : a \in Perms1, b \in Perms2 }

\* The path the next send takes ("value = EntropyArray[counter]" per part).
Value(g) == << g.p1[g.c1], g.p2[g.c2] >>

\* The generator states after one send: the odometer step with reshuffles.
Advance(g) ==
    IF g.c1 < L1 - 1 THEN { [g EXCEPT !.c1 = @ + 1] }
    ELSE IF g.c2 < L2 - 1
         THEN { [g EXCEPT !.c1 = 0, !.p1 = a, !.c2 = @ + 1] : a \in Perms1 }
         ELSE { [g EXCEPT !.c1 = 0, !.p1 = a, !.c2 = 0, !.p2 = b] : a \in Perms1, b \in Perms2 }

=============================================================================
