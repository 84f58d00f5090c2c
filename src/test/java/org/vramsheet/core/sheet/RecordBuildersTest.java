package org.vramsheet.core.sheet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.vramsheet.io.json.WorksheetJson;

/** The wide sheet records' builders: a copy is equal, each setter changes exactly its component, JSON is unchanged. */
class RecordBuildersTest {
    static Stream<Class<? extends Record>> records() {
        return Stream.of(RuntimeSettings.class, Weights.class, KvArchitecture.class, Validation.class, LlamaCppSettings.class,
                OllamaSettings.class, SpeculativeSettings.class, LoraSettings.class,
                OffloadSettings.class, ExpertSettings.class);
    }

    @ParameterizedTest
    @MethodSource("records")
    void aCopyThroughTheBuilderIsEqual(Class<? extends Record> type) throws Exception {
        Record x = instance(type, 0);
        Record defaults = build(type.getMethod("builder").invoke(null));
        for (RecordComponent c : type.getRecordComponents()) {
            assertNotEquals(value(c, defaults), value(c, x), type.getSimpleName() + "." + c.getName() + " is not a default");
        }
        assertEquals(x, build(type.getMethod("toBuilder").invoke(x)));
    }

    @ParameterizedTest
    @MethodSource("records")
    void builderStartsFromTheDefaults(Class<? extends Record> type) throws Exception {
        boolean runtime = type == RuntimeSettings.class || type == LlamaCppSettings.class || type == OllamaSettings.class
                || type == SpeculativeSettings.class || type == LoraSettings.class || type == OffloadSettings.class
                || type == ExpertSettings.class;
        Record defaults = (Record) type.getMethod(runtime ? "defaults" : "empty").invoke(null);
        assertEquals(defaults, build(type.getMethod("builder").invoke(null)));
        Object[] nulls = new Object[type.getRecordComponents().length];
        assertEquals(defaults, canonical(type).newInstance(nulls), "unset components take the constructor's defaults");
    }

    @ParameterizedTest
    @MethodSource("records")
    void eachSetterChangesExactlyItsComponent(Class<? extends Record> type) throws Exception {
        Record x = instance(type, 0);
        Record y = instance(type, 1);
        for (RecordComponent c : type.getRecordComponents()) {
            assertNotEquals(value(c, x), value(c, y), c.getName() + " differs between the two samples");
            Object builder = type.getMethod("toBuilder").invoke(x);
            Method setter = builder.getClass().getMethod(c.getName(), c.getType());
            assertEquals(builder, setter.invoke(builder, value(c, y)), "fluent");
            Record changed = build(builder);
            for (RecordComponent d : type.getRecordComponents()) {
                Object expected = value(d, d.getName().equals(c.getName()) ? y : x);
                assertEquals(expected, value(d, changed), "setting " + c.getName() + " leaves " + d.getName());
            }
        }
    }

    @ParameterizedTest
    @MethodSource("records")
    void jsonHasTheComponentsOnlyAndReadsBack(Class<? extends Record> type) throws Exception {
        ObjectMapper mapper = WorksheetJson.shared();
        Record x = instance(type, 0);
        JsonNode node = mapper.valueToTree(x);
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        assertEquals(Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).toList(), names);
        assertEquals(x, mapper.treeToValue(node, type));
    }

    /** A sample with every component set and away from its default; samples 0 and 1 differ in every component. */
    private static Record instance(Class<? extends Record> type, int sample) throws Exception {
        RecordComponent[] cs = type.getRecordComponents();
        Object[] args = new Object[cs.length];
        for (int i = 0; i < cs.length; i++) {
            String generic = cs[i].getGenericType().getTypeName();
            args[i] = generic.equals("java.util.List<java.lang.Double>") ? List.of(sample + 1.0, 7.0 + i)
                    : generic.equals("java.util.List<org.vramsheet.core.sheet.MeasuredDevice>")
                    ? List.of(new MeasuredDevice("gpu" + sample, "CUDA" + sample, 1L << 30, 7L + i, null, null, 5L << 20, 1L << 20))
                    : sampleValue(cs[i].getType(), sample, i);
        }
        return canonical(type).newInstance(args);
    }

    private static Object sampleValue(Class<?> t, int sample, int index) {
        int n = 7 + index * 3 + sample;
        if (t.isEnum()) {
            Object[] all = t.getEnumConstants();
            return all[all.length - 1 - sample];
        }
        if (t == String.class) {
            return "text " + n;
        }
        if (t == Integer.class) {
            return n;
        }
        if (t == Long.class) {
            return (long) n << 20;
        }
        if (t == Double.class) {
            return n / 100.0;
        }
        if (t == Boolean.class) {
            return sample == 0;
        }
        if (t == List.class) {
            return List.of(new LayerWindow(n, 1024L + n, WindowKind.SLIDING));
        }
        if (t == LlamaCppSettings.class) {
            return new LlamaCppSettings(n, List.of(1.0 + sample), KvDtype.values()[3 + sample], sample == 0,
                    FlashAttention.values()[sample], 256L + n, 1024L + n, sample == 1);
        }
        if (t == OllamaSettings.class) {
            return new OllamaSettings(2048L + n, 4096L + n, 1 + sample, KvDtype.values()[7 + sample], sample == 0, n, (1L << 30) + n);
        }
        if (t == PerfSettings.class) {
            return new PerfSettings(0.5 + sample / 10.0, 0.6 + sample / 10.0, 10.0 + n, 100.0 + n, 1.0 + n,
                    300.0 + n);
        }
        if (t == SpeculativeSettings.class) {
            return new SpeculativeSettings(SpeculativeMethod.values()[5 - sample], 3 + sample, "draft " + n, (long) n << 20,
                    28 + sample, 8 + sample, 128 + sample, 1 + sample);
        }
        if (t == LoraSettings.class) {
            return new LoraSettings(2 + sample, 16 << sample, sample == 0 ? "" : "q_proj, v_proj", ComputeDtype.values()[sample],
                    8 + n, 14_336 + sample);
        }
        if (t == OffloadSettings.class) {
            return new OffloadSettings((long) n << 30, 2.0 + sample, (long) (512 + n) << 30);
        }
        if (t == ExpertSettings.class) {
            return new ExpertSettings(sample % 2 == 0, 2 + n);
        }
        if (t == MeasuredSetup.class) {
            return new MeasuredSetup("acme/m-" + n, "", WeightFormat.BF16, (long) n << 30, KvDtype.AUTO, Engine.VLLM, "0.19.0",
                    "H100", 80L << 30, 1, 1, 0.9, 8192L + n, 16, "", "-c " + n);
        }
        if (t == MeasuredLatency.class) {
            return new MeasuredLatency("acme/m-" + n, Engine.VLLM, "0.19.0", "H100", 1, WeightFormat.BF16, KvDtype.AUTO,
                    "2026-12-02T00:00:0" + sample + "Z", "ramp", 100L + n, 60L, List.of(new LatencyStep(1 + sample, 80.0 + n, 90.0,
                    95.0, 40.0, 41.0, 42.0, 25.0, 1, 0)));
        }
        throw new IllegalArgumentException("no sample for " + t);
    }

    private static Constructor<? extends Record> canonical(Class<? extends Record> type)
            throws NoSuchMethodException {
        Class<?>[] types = Arrays.stream(type.getRecordComponents()).map(RecordComponent::getType).toArray(Class<?>[]::new);
        return type.getDeclaredConstructor(types);
    }

    private static Record build(Object builder) throws Exception {
        return (Record) builder.getClass().getMethod("build").invoke(builder);
    }

    private static Object value(RecordComponent c, Record r) throws Exception {
        return c.getAccessor().invoke(r);
    }
}
