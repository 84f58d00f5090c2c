package org.vramsheet.core.engine.vllm;

import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.Worksheet;

/**
 * vLLM stores DeepSeek V3.2's fp8 KV cache in its packed {@code fp8_ds_mla} layout whatever fp8 dtype is asked for:
 * {@code DeepseekV32ForCausalLM.verify_and_update_config} (vllm/model_executor/models/config.py) sets
 * {@code cache_dtype = "fp8_ds_mla"} when {@code cache_dtype.startswith("fp8")} on a config with {@code index_topk}
 * (the V3.2 check it mirrors from deepseek_v2.py). The sheet reads V3.2 from its indexer ({@code index_head_dim}, set
 * together with {@code index_topk} in V3.2's config.json).
 */
final class VllmDsMlaCache {
    /** Why the layout changed, for the KV figures' provenance. */
    static final String NOTE = "vLLM turned the fp8 KV cache into fp8_ds_mla: DeepseekV32ForCausalLM.verify_and_update_config "
            + "(vllm/model_executor/models/config.py) sets cache_dtype = \"fp8_ds_mla\" when cache_dtype starts with \"fp8\" "
            + "on a config with index_topk (DeepSeek V3.2; the sheet reads it from index_head_dim). The version stored at "
            + "vllm-project/vllm 0144dd5b also did so for --kv-cache-dtype auto; the later one keeps auto as the model dtype";

    private VllmDsMlaCache() { }

    /** Whether vLLM stores this sheet's cache as fp8_ds_mla although the sheet asks for plain fp8. */
    static boolean converts(KvArchitecture k) {
        return k.kind() == AttentionKind.MLA && k.indexHeadDim() != null
                && (k.kvDtype() == KvDtype.FP8_E4M3 || k.kvDtype() == KvDtype.FP8_E5M2);
    }

    /** The sheet as vLLM launches it: an fp8 cache on DeepSeek V3.2 becomes fp8_ds_mla. */
    static Worksheet launched(Worksheet ws) {
        return converts(ws.kv()) ? ws.withKv(ws.kv().toBuilder().kvDtype(KvDtype.FP8_DS_MLA).build()) : ws;
    }
}
