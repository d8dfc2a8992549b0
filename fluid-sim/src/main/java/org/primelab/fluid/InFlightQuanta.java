package org.primelab.fluid;

/**
 * One flow's quanta (or chunks) in flight, oldest first: for each, when its ACK (or NACK) returns, when
 * its serialization started at the sender (for the round trip NSCC reads), its bytes, the probability that it was ECN-marked and the fraction of it that was trimmed, and the tag its
 * feedback is reported with. This is the one-RTT delay of the DCTCP fluid model: what a quantum met in
 * the fabric reaches its sender only when it returns. A ring buffer that doubles when full (it rarely
 * does: it starts at room for the largest window), so steady operation allocates nothing.
 */
final class InFlightQuanta {
    /** Doubles per record: return time, bytes, marking probability, trimmed fraction, send time. */
    private static final int RECORD = 5;

    private double[] records;
    private int[] tags;
    private int head;
    private int count;

    /** An empty ring with room for {@code capacity} quanta before it grows. */
    InFlightQuanta(int capacity) {
        records = new double[capacity * RECORD];
        tags = new int[capacity];
    }

    /** Quanta in flight. */
    int count() {
        return count;
    }

    /** Return time of the oldest quantum, ps. */
    double headReturnPs() {
        return records[head * RECORD];
    }

    /** Bytes of the oldest quantum. */
    double headBytes() {
        return records[head * RECORD + 1];
    }

    /** Marking probability of the oldest quantum. */
    double headMark() {
        return records[head * RECORD + 2];
    }

    /** Trimmed fraction of the oldest quantum. */
    double headTrimmed() {
        return records[head * RECORD + 3];
    }

    /** When the oldest quantum's serialization started at its sender, ps. */
    double headSentPs() {
        return records[head * RECORD + 4];
    }

    /** Feedback tag of the oldest quantum. */
    int headTag() {
        return tags[head];
    }

    /** Removes the oldest quantum. */
    void removeHead() {
        head = head + 1 == tags.length ? 0 : head + 1;
        count--;
    }

    /** Adds the newest quantum, sent at {@code sentPs}. */
    void add(double returnPs, double bytes, double mark, double trimmed, int tag, double sentPs) {
        int cap = tags.length;
        if (count == cap) {
            double[] r = new double[2 * cap * RECORD];
            int[] t = new int[2 * cap];
            for (int i = 0; i < count; i++) {
                int j = head + i < cap ? head + i : head + i - cap;
                System.arraycopy(records, j * RECORD, r, i * RECORD, RECORD);
                t[i] = tags[j];
            }
            records = r;
            tags = t;
            head = 0;
            cap *= 2;
        }
        int i = head + count;
        if (i >= cap) {
            i -= cap;
        }
        int o = i * RECORD;
        records[o] = returnPs;
        records[o + 1] = bytes;
        records[o + 2] = mark;
        records[o + 3] = trimmed;
        records[o + 4] = sentPs;
        tags[i] = tag;
        count++;
    }

    /** Moves every return and send time {@code shiftPs} later (fast-forward: the flow's clock moved on by a leap). */
    void delay(double shiftPs) {
        int cap = tags.length;
        for (int i = 0, j = head; i < count; i++, j = j + 1 == cap ? 0 : j + 1) {
            records[j * RECORD] += shiftPs;
            records[j * RECORD + 4] += shiftPs;
        }
    }
}
