/**
 * Jupyter notebooks (Java kernel) that reproduce the paper's figures and serve as worked what-if
 * studies, with the small helpers they share. Filled once the simulators land.
 */
package org.primelab.notebooks;
