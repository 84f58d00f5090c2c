package org.vramsheet.core.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Constructor;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.input.InputDecl.Kind;
import org.vramsheet.core.input.InputDecl.Shown;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.Variants;
import org.vramsheet.core.sheet.Worksheet;

/** Every leaf of the Worksheet records has exactly one declaration, and each declaration says what the records do. */
class InputsTest {
    /** The input leaves of a record type: nested records recursed, a list of records a leaf and its items' fields. */
    static void leaves(Class<?> type, String prefix, List<String> out) {
        for (RecordComponent c : type.getRecordComponents()) {
            String key = prefix + c.getName();
            Class<?> t = c.getType();
            if (t == Variants.class) {
                out.add(key); // variants hold whole sheets: one input, printed in the VARIANTS section
            } else if (t.isRecord()) {
                leaves(t, key + ".", out);
            } else if (t == List.class && c.getGenericType() instanceof ParameterizedType p
                    && p.getActualTypeArguments()[0] instanceof Class<?> item && item.isRecord()) {
                out.add(key);
                leaves(item, key + "[].", out);
            } else {
                out.add(key);
            }
        }
    }

    @Test
    void everyLeafHasExactlyOneDeclaration() {
        List<String> leaves = new ArrayList<>();
        leaves(Worksheet.class, "", leaves);
        Map<String, Integer> declared = new HashMap<>();
        Inputs.all().forEach(d -> declared.merge(d.key(), 1, Integer::sum));
        for (String leaf : leaves) {
            assertEquals(1, declared.getOrDefault(leaf, 0), leaf + " declared once");
        }
        assertEquals(leaves.size(), Inputs.all().size(), "no declaration without a leaf: " + declared.keySet().stream()
                .filter(k -> !leaves.contains(k)).toList());
        assertEquals(191 + 12 + ADDED_IN_9 + ADDED_IN_10, leaves.size(), "the sheet's inputs (update when one is added; version 9: "
                + "issue 28 +1, issue 30 +12, i29-rank + ADDED_IN_9; version 10: ADDED_IN_10)");
    }

    @Test
    void defaultsAreWhatAbsenceMeans() throws ReflectiveOperationException {
        Worksheet empty = new Worksheet(null, null, null, null, null, null, null, null, null, null);
        for (InputDecl d : Inputs.all()) {
            Object v;
            if (d.shown() == Shown.PART) {
                RecordComponent list = listComponent(d.parent());
                Class<?> item = (Class<?>) ((ParameterizedType) list.getGenericType()).getActualTypeArguments()[0];
                Constructor<?> ctor = item.getDeclaredConstructor(
                        Arrays.stream(item.getRecordComponents()).map(RecordComponent::getType).toArray(Class[]::new));
                v = Inputs.component(ctor.newInstance(new Object[item.getRecordComponents().length]), d.field());
            } else {
                v = Inputs.value(empty, d.key());
            }
            assertEquals(d.defaultValue(), v, d.key());
        }
    }

    private static RecordComponent listComponent(String key) {
        String[] path = key.split("\\.");
        Class<?> t = Worksheet.class;
        RecordComponent found = null;
        for (String name : path) {
            for (RecordComponent c : t.getRecordComponents()) {
                if (c.getName().equals(name)) {
                    found = c;
                    t = c.getType();
                }
            }
        }
        return found;
    }

    @Test
    void labelsRangesAndVersions() {
        for (InputDecl d : Inputs.all()) {
            assertEquals(d.fieldLabel(), Fields.label(d.key()));
            assertTrue(!d.labelRu().isBlank() && !d.label().isBlank(), d.key());
            assertTrue(d.min() <= d.max(), d.key());
            assertTrue(d.since() >= 1 && d.since() <= 10, d.key());
            boolean numeric = switch (d.kind()) {
                case BYTES, TOKENS, COUNT, RATIO, PERCENT, DECIMAL -> true;
                default -> false;
            };
            boolean numbers = d.key().endsWith("sequenceLengths") || d.key().endsWith("tensorSplit");
            assertEquals(numeric || numbers, d.max() > 0, d.key() + " has a range iff a number");
        }
        assertEquals("RUNTIME › Nodes one replica spans", Fields.label("runtime.nodes"));
        assertEquals("HEAVY WORKLOAD › Input tokens", Fields.label("workloads.heavy.inputTokens"));
        assertEquals(List.of("variants"), Inputs.addedIn(4));
        assertEquals(15, Inputs.addedIn(5).size(), "version 5: the setup a measurement was measured on");
        assertTrue(Inputs.addedIn(5).stream().allMatch(k -> k.startsWith("validation.setup.")), Inputs.addedIn(5).toString());
        assertNotEquals(Kind.LIST, Inputs.get("runtime.nodes").kind());
        assertEquals(8, Inputs.addedIn(6).size(), "version 6: llama.cpp's launch flags");
        assertTrue(Inputs.addedIn(6).stream().allMatch(k -> k.startsWith("runtime.llamaCpp.")), Inputs.addedIn(6).toString());
        assertEquals(6, Inputs.addedIn(7).size(), "version 7: Ollama's settings");
        assertTrue(Inputs.addedIn(7).stream().allMatch(k -> k.startsWith("runtime.ollama.")), Inputs.addedIn(7).toString());
        // ---- added in version 9 (issue 28, Ollama's OLLAMA_GPU_OVERHEAD); the merger sums the version-9 blocks ----
        assertTrue(Inputs.addedIn(9).contains("runtime.ollama.gpuOverheadBytes"), "version 9 (issue 28)");
        assertEquals(59, Inputs.addedIn(8).size(), "version 8: the buffers measured per device and the launch they were of; "
                + "GPU performance, the latency utilizations, SLA targets, price; the measured latency; speculative decoding; "
                + "the MoE shape");
        assertTrue(Inputs.addedIn(8).stream().allMatch(k -> k.startsWith("validation.devices") || k.equals("validation.setup.launch")
                || k.equals("validation.offloadedLayers") || k.startsWith("gpu.performance.") || k.startsWith("runtime.performance.")
                || k.startsWith("result.sla.") || k.equals("result.pricePerGpuHour") || k.startsWith("validation.latency")
                || k.startsWith("runtime.speculative.") || k.startsWith("weights.expert")),
                Inputs.addedIn(8).toString());
        // ---- added in version 9 (issue 30 points 2, 3, 6): the merger sums these with the other version-9 inputs ----
        assertEquals(1 + 12 + ADDED_IN_9, Inputs.addedIn(9).size(), "version 9: Ollama's GPU overhead (issue 28); LoRA, KV "
                + "offload to CPU and host RAM, the prefix share (issue 30); the MoE's expert count (i29-rank)");
        assertTrue(Inputs.addedIn(9).stream().allMatch(k -> k.startsWith("runtime.lora.") || k.startsWith("runtime.offload.")
                || k.endsWith(".sharedPrefixShare") || k.equals("runtime.ollama.gpuOverheadBytes")
                || ADDED_IN_9_I29RANK.contains(k) || ADDED_IN_9_I30SPARSE.contains(k)), Inputs.addedIn(9).toString());
    }

    // ---- version 9: one block per helper (the merger sums them) ----
    /** i29-rank: the MoE's routed expert count E. */
    static final List<String> ADDED_IN_9_I29RANK = List.of("weights.experts");
    /** i30-sparse (issue 30 point 5): DeepSeek V3.2's indexer key width. */
    static final List<String> ADDED_IN_9_I30SPARSE = List.of("kv.indexHeadDim");
    static final int ADDED_IN_9 = ADDED_IN_9_I29RANK.size() + ADDED_IN_9_I30SPARSE.size();
    // ---- end of the version-9 block ----

    // ---- version 10: one block per helper (the merger sums them) ----
    /** i30-unified (issue 30 point 7): an Apple silicon Mac's unified RAM and macOS's iogpu.wired_limit_mb. */
    static final List<String> ADDED_IN_10_I30UNIFIED = List.of("gpu.unifiedRamBytes", "gpu.wiredLimitMb");
    /** i30-ep (issue 30 point 4): expert parallel and the attention data-parallel ranks of a mixture of experts. */
    static final List<String> ADDED_IN_10_I30_EP = List.of("runtime.expert.enabled", "runtime.expert.dataParallel");
    /** i29-acc2 (issue 29): the latency estimate's decode step overhead and prefill all-reduce latency. */
    static final List<String> ADDED_IN_10_I29ACC2 = List.of("runtime.performance.stepOverheadMs",
            "runtime.performance.prefillAllReduceLatencyUs");
    static final int ADDED_IN_10 = ADDED_IN_10_I30UNIFIED.size() + ADDED_IN_10_I30_EP.size() + ADDED_IN_10_I29ACC2.size();
    // ---- end of the version-10 block ----

    @Test
    void versionTenAddsItsBlocks() {
        assertEquals(ADDED_IN_10, Inputs.addedIn(10).size(), Inputs.addedIn(10).toString());
        assertTrue(Inputs.addedIn(10).containsAll(ADDED_IN_10_I30_EP), Inputs.addedIn(10).toString());
        assertTrue(Inputs.addedIn(10).containsAll(ADDED_IN_10_I30UNIFIED), Inputs.addedIn(10).toString());
        assertTrue(Inputs.addedIn(10).containsAll(ADDED_IN_10_I29ACC2), Inputs.addedIn(10).toString());
    }

    @Test
    void versionNineAddsItsBlocks() {
        assertEquals(1 + 12 + ADDED_IN_9, Inputs.addedIn(9).size(), "issue 28's one, issue 30's and i29-rank's: "
                + Inputs.addedIn(9));
        assertTrue(Inputs.addedIn(9).containsAll(ADDED_IN_9_I29RANK), Inputs.addedIn(9).toString());
    }

    @Test
    void theValidatorUsesTheDeclaredRanges() {
        Worksheet ws = EveryInput.sheet();
        InputDecl nodes = Inputs.get("runtime.nodes");
        Worksheet bad = ws.withRuntime(ws.runtime().withParallel(1024, 1024, 1).toBuilder().nodes((int) nodes.max() + 1).build());
        assertTrue(WorksheetValidator.validate(bad).get("runtime.nodes").message().contains(String.format("%,d", nodes.max())),
                "the limit comes from the declaration");
        InputDecl head = Inputs.get("kv.headDim");
        Worksheet wide = ws.withKv(new KvArchitecture(ws.kv().kind(), 80, 64, 64, (int) head.max() + 1,
                null, null, null, ws.kv().kvDtype(), List.of(), null, null, null));
        assertTrue(WorksheetValidator.validate(wide).get("kv.headDim") != null, "head size above 65,536 refused");
    }
}
