package org.primelab.sweep;

import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * The Spark context a sweep runs on: embedded {@code local[*]} by default, any master URL otherwise
 * (e.g. {@code spark://host:7077}); under {@code spark-submit} the submitted master wins. The web UI
 * and the console progress bar are off (the sweep prints its own progress); a local master binds to
 * the loopback address only. Logging is quiet through the module's {@code log4j2.properties}.
 */
public final class SparkContexts {
    /** The default master: every core of this machine, in this JVM. */
    public static final String DEFAULT_MASTER = "local[*]";

    private SparkContexts() {
    }

    /** The master to use: {@code requested}, else the one spark-submit set, else {@link #DEFAULT_MASTER}. */
    public static String master(String requested) {
        if (requested != null && !requested.isBlank()) {
            return requested;
        }
        return System.getProperty("spark.master", DEFAULT_MASTER);
    }

    /** A new context on {@code master}; close it when done. */
    public static JavaSparkContext open(String master, String appName) {
        SparkConf conf = new SparkConf().setAppName(appName).setMaster(master)
                .set("spark.ui.enabled", "false")
                .set("spark.ui.showConsoleProgress", "false");
        if (master.startsWith("local")) {
            conf.set("spark.driver.host", "127.0.0.1").set("spark.driver.bindAddress", "127.0.0.1");
        }
        return new JavaSparkContext(conf);
    }
}
