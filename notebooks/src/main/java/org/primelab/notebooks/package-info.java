/**
 * Support for the Jupyter notebooks in {@code notebooks/*.ipynb}: how big a notebook's computations are
 * ({@link org.primelab.notebooks.NotebookScale}), inline plots that work under the Java kernel and in
 * plain JShell ({@link org.primelab.notebooks.Plots}), the kernel's spec
 * ({@link org.primelab.notebooks.KernelSpec}), and {@code prime notebooks}, which executes every notebook
 * headless with {@code jupyter nbconvert} ({@link org.primelab.notebooks.NotebooksCommand}).
 */
package org.primelab.notebooks;
