package org.primelab.core.workload.htsim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workload;

/**
 * {@link HtsimOutput#flowIndices}: events of flows without a file id are matched by the (source,
 * destination) of their {@code Uec_SRC_DST} name, both parts significant (flows sharing a source or a
 * destination stay apart, host 0 and flow 0 included); an event matched by id must name the flow's hosts;
 * a name shared by two flows without ids is refused.
 */
class HtsimOutputMatchingTest {
    private static final int DYN = 1_000_000_000;   // htsim numbers flows without an id from here

    private static HtsimFlowEvent ev(int flowId, int src, int dst, int line) {
        return new HtsimFlowEvent(flowId, "Uec_" + src + "_" + dst, src, dst, 0, 0, line);
    }

    private static ConnectionMatrix matrix(List<Flow> flows, List<Integer> ids) {
        return new ConnectionMatrix(4, Workload.of(flows), ids, List.of(), List.of());
    }

    /** 0->2, 1->2, 0->1 without ids and 3->0 with id 7: each event finds its own flow. */
    @Test
    void flowsWithoutIdsAreFoundByBothEndpoints() {
        ConnectionMatrix cm = matrix(List.of(new Flow(0, 0, 2, 5, 0), new Flow(1, 1, 2, 5, 0), new Flow(2, 0, 1, 5, 0),
                new Flow(3, 3, 0, 5, 0)), List.of(0, 0, 0, 7));
        List<HtsimFlowEvent> events = List.of(ev(DYN + 2, 0, 1, 1), ev(7, 3, 0, 2), ev(DYN, 0, 2, 3), ev(DYN + 1, 1, 2, 4));
        assertArrayEquals(new int[] {2, 3, 0, 1}, HtsimOutput.flowIndices(events, cm));
    }

    /** An event found by id whose name gives other hosts (here source 0) does not match the workload. */
    @Test
    void anIdWithOtherHostsIsRefused() {
        ConnectionMatrix cm = matrix(List.of(new Flow(0, 3, 1, 5, 0)), List.of(7));
        var e = assertThrows(IllegalArgumentException.class, () -> HtsimOutput.flowIndices(List.of(ev(7, 0, 1, 4)), cm));
        assertEquals("htsim: line 4: flowId 7 is Uec_0_1 but the connection matrix has it 3->1 (the results do not"
                + " match the workload)", e.getMessage());
    }

    /** Two flows without ids between the same hosts cannot be told apart. */
    @Test
    void aSharedNameIsAmbiguous() {
        ConnectionMatrix cm = matrix(List.of(new Flow(0, 0, 1, 5, 0), new Flow(1, 0, 1, 5, 0)), List.of(0, 0));
        var e = assertThrows(IllegalArgumentException.class,
                () -> HtsimOutput.flowIndices(List.of(ev(DYN, 0, 1, 2)), cm));
        assertEquals("htsim: line 2: Uec_0_1 matches several flows without an id", e.getMessage());
    }
}
