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
        if (master.startsWith("spark://")) {
            requireReachable(master);
        }
        return master;
    }

    /** How long {@link #requireReachable} waits for a standalone master to accept a connection. */
    static final int CONNECT_TIMEOUT_MS = 5_000;

    /**
     * Refuses a standalone master none of whose {@code HOST:PORT}s accepts a TCP connection within
     * {@link #CONNECT_TIMEOUT_MS}: Spark's client retried registering for a minute with no output and then waited
     * for executors that never came ({@code spark://127.0.0.1:1} hung).
     */
    static void requireReachable(String master) {
        String why = null;
        for (String hostPort : master.substring("spark://".length()).split(",")) {
            int colon = hostPort.lastIndexOf(':');
            String host = hostPort.substring(0, colon);
            int port;
            try {
                port = Integer.parseInt(hostPort.substring(colon + 1));
            } catch (NumberFormatException e) {
                port = -1;
            }
            if (port < 1 || port > 65_535) {
                throw new IllegalArgumentException("master: port " + hostPort.substring(colon + 1) + " of '" + master
                        + "' is not in [1, 65535]");
            }
            try (java.net.Socket socket = new java.net.Socket()) {
                socket.connect(new java.net.InetSocketAddress(host, port), CONNECT_TIMEOUT_MS);
                return;
            } catch (java.io.IOException e) {
                why = hostPort + ": " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
            }
        }
        throw new IllegalArgumentException("master: cannot reach '" + master + "' (" + why + ", waited up to "
                + CONNECT_TIMEOUT_MS / 1000 + " s); start the master there, or leave --master out to run on local[*]");
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
