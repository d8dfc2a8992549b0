/**
 * Reserved for Jupyter notebooks (Java kernel) that reproduce the paper's figures and serve as worked
 * what-if studies, with the small helpers they share. Status: no notebook is written yet; the module
 * holds only its build file.
 */
package org.primelab.notebooks;
