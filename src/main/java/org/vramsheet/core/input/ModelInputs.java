package org.vramsheet.core.input;

import static org.vramsheet.core.input.InputDecl.Kind.BYTES;
import static org.vramsheet.core.input.InputDecl.Kind.COUNT;
import static org.vramsheet.core.input.InputDecl.Kind.ENUM;
import static org.vramsheet.core.input.InputDecl.Kind.LIST;
import static org.vramsheet.core.input.InputDecl.Kind.TEXT;
import static org.vramsheet.core.input.InputDecl.Kind.TOKENS;

import java.util.List;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.ComputeDtype;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.WindowKind;

/** The declarations of MODEL, WEIGHTS and KV ARCHITECTURE, in the order the sheet shows them. */
final class ModelInputs {
    private ModelInputs() { }

    static List<InputDecl> all() {
        return new DeclList()
                .t("model.modelId", "Exact model ID", "Точный ID модели", TEXT).is("")
                .t("model.revision", "Revision", "Ревизия", TEXT).is("")
                .t("model.architecture", "Architecture", "Архитектура", TEXT).is("")
                .n("model.maxContextTokens", "Maximum context", "Максимальный контекст", TOKENS, 1, Limits.TOKENS)
                .n("model.vocabSize", "Vocabulary size", "Размер словаря", COUNT, 1, 100_000_000L)
                .n("weights.totalParams", "Parameter count (total)", "Число параметров (всего)", COUNT, 1,
                        Limits.PARAMS)
                .n("weights.activeParams", "Parameter count (active)", "Число параметров (активных)", COUNT, 1,
                        Limits.PARAMS)
                .t("weights.format", "Weight dtype / quantization", "Тип весов / квантование",
                        ENUM).is(WeightFormat.BF16)
                .t("weights.computeDtype", "Model (compute) dtype", "Тип вычислений модели", ENUM).is(ComputeDtype.BF16)
                .n("weights.groupSize", "Quantization group size", "Размер группы квантования", COUNT, 1, 1 << 20)
                .n("weights.scaleBits", "Scale bits per group", "Бит масштаба на группу", COUNT, 0, 64)
                .n("weights.zeroPointBits", "Zero-point bits per group", "Бит нулевой точки на группу", COUNT, 0, 64)
                .n("weights.unquantizedParams", "Unquantized parameters", "Неквантованные параметры", COUNT, 0,
                        Limits.PARAMS)
                .n("weights.checkpointBytes", "Actual checkpoint bytes", "Фактический размер чекпойнта", BYTES, 1,
                        Limits.BYTES)
                .t("weights.checkpointFormat", "Actual checkpoint format", "Фактический формат чекпойнта",
                        TEXT).is("")
                .n("weights.encoderParams", "Encoder parameters (vision / audio)",
                        "Параметры энкодеров (изображения / звук)", COUNT, 0,
                        Limits.PARAMS).since(3)
                .n("weights.expertsPerToken", "Experts per token (MoE)", "Экспертов на токен (MoE)", COUNT, 1,
                        Limits.HEADS).since(8)
                .n("weights.expertIntermediateSize", "Expert intermediate size (MoE)",
                        "Промежуточный размер эксперта (MoE)", COUNT, 1, Limits.WIDTH).since(8)
                // ---- added in version 9 (issue 29, i29-rank): the expert count E for the decode step's expert union ----
                .n("weights.experts", "Routed experts (MoE)", "Маршрутизируемых экспертов (MoE)", COUNT, 1,
                        Limits.HEADS).since(9)
                // ---- end of the version-9 block ----
                .t("kv.kind", "Attention/cache type", "Тип attention / кэша", ENUM).is(AttentionKind.GQA)
                .n("kv.layers", "Attention layers", "Слои attention", COUNT, 1, Limits.LAYERS)
                .n("kv.attentionHeads", "Attention heads", "Головы attention", COUNT, 1, Limits.HEADS)
                .n("kv.kvHeads", "KV heads", "KV-головы", COUNT, 1, Limits.HEADS)
                .n("kv.headDim", "Head dimension", "Размерность головы", COUNT, 1, Limits.HEAD_SIZE)
                .n("kv.hiddenSize", "Hidden size", "Hidden size", COUNT, 1, Limits.WIDTH)
                .n("kv.kvLoraRank", "MLA kv_lora_rank", "MLA kv_lora_rank", COUNT, 1, Limits.HEAD_SIZE)
                .n("kv.qkRopeHeadDim", "MLA qk_rope_head_dim", "MLA qk_rope_head_dim", COUNT, 0, Limits.HEAD_SIZE)
                .t("kv.kvDtype", "KV-cache dtype", "Тип KV-кэша", ENUM).is(KvDtype.AUTO)
                .t("kv.windows", "Windowed layers", "Слои с окном", LIST).is(List.of())
                .n("kv.windows[].layers", "Layers", "Слои", COUNT, 1, Limits.LAYERS)
                .n("kv.windows[].window", "Window", "Окно", TOKENS, 1, Limits.TOKENS)
                .t("kv.windows[].kind", "Window kind", "Вид окна", ENUM).is(WindowKind.SLIDING)
                .n("kv.windows[].kvHeads", "Window KV heads", "KV-головы окна", COUNT, 1, Limits.HEADS).since(3)
                .n("kv.windows[].headDim", "Window head size", "Размер головы окна", COUNT, 1, Limits.HEAD_SIZE).since(3)
                .t("kv.windows[].kvDtype", "Window KV-cache dtype", "Тип KV-кэша окна", ENUM).since(3)
                .n("kv.stateLayers", "Fixed-state layers", "Слои с фиксированным состоянием", COUNT, 0,
                        Limits.LAYERS)
                .n("kv.stateBytesPerLayer", "State bytes per layer", "Байт состояния на слой", BYTES, 0, Limits.BYTES)
                // ---- added in version 9 (issue 30 point 5, i30-sparse): DeepSeek V3.2's lightning-indexer key width ----
                .n("kv.indexHeadDim", "Sparse-attention indexer head size", "Размер головы индексатора разреженного внимания",
                        COUNT, 1, Limits.HEAD_SIZE).since(9)
                // ---- end of the version-9 block ----
                .list;
    }
}
