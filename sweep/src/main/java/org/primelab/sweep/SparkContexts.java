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
            return checked(requested.trim());
        }
        return System.getProperty("spark.master", DEFAULT_MASTER);
    }

    /** The master URL forms Spark accepts (its "Master URLs" documentation), local thread counts from 1. */
    private static final java.util.regex.Pattern MASTER = java.util.regex.Pattern.compile(
            "local(\\[(\\*|[1-9][0-9]*)(,[1-9][0-9]*)?\\])?|local-cluster\\[[1-9][0-9]*,[1-9][0-9]*,[1-9][0-9]*\\]"
                    + "|spark://[^\\s:/]+:[0-9]+(,[^\\s:/]+:[0-9]+)*|yarn|(k8s|mesos)://\\S+");

    /**
     * {@code --master} checked against Spark's URL forms before a context starts: Spark refused a bad one with 35
     * lines of log and a stack trace ({@code foo://x}, {@code local[0]}).
     */
    static String checked(String master) {
        if (!MASTER.matcher(master).matches()) {
            throw new IllegalArgumentException("master: unknown '" + master + "'; accepted: local, local[N], local[*],"
                    + " local[N,F], spark://HOST:PORT, yarn, k8s://HOST:PORT, mesos://HOST:PORT");
        }
        return master;
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
