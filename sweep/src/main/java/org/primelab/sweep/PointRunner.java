package org.primelab.sweep;

import java.io.Serializable;
import java.util.List;
import java.util.Map;

/**
 * Runs one point and returns its result rows (one per scheme the point ran), each holding the
 * point's key and configuration and every summary metric. Serializable: Spark ships it to executors.
 */
@FunctionalInterface
public interface PointRunner extends Serializable {
    /** The rows of {@code point}; throws if the run failed. */
    List<Map<String, Object>> run(Point point);
}
