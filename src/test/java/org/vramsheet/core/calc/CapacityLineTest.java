package org.vramsheet.core.calc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.WorksheetJson;

/**
 * Seen (issue 15): current vLLM prints "GPU KV cache size" as int(max concurrency x max_model_len), which for
 * sliding-window and hybrid models is more than num_blocks // groups x block_size; the app always printed the
 * 0.10-0.19 form. The form now follows the version.
 */
class CapacityLineTest {

    @Test
    void theCapacityLineFollowsTheVllmVersion() throws Exception {
        Worksheet ws = WorksheetJson.read(Path.of("assets/samples/gemma-2-9b-sliding-window-h100.json"));
        SizingResult old = SizingCalculator.calculate(ws.withRuntime(ws.runtime().toBuilder().engineVersion("0.19.0").build()));
        long blocks = old.get(FigureKey.POOL_GPU_BLOCKS).value();
        assertEquals(blocks / 2 * 16, old.get(FigureKey.POOL_CAPACITY_TOKENS).value(), "v0.19: two groups of 21 layers");
        Worksheet now = ws.withRuntime(ws.runtime().toBuilder().engineVersion("0.30.0").build());
        SizingResult current = SizingCalculator.calculate(now);
        long now30 = current.get(FigureKey.POOL_GPU_BLOCKS).value(); // v0.21+ also takes the CUDA graphs out of the pool
        long maxLen = 8192;
        // per request at 8,192: full group ceil(8192 / 16) = 512 blocks, sliding group ceil(min(4095 + 8192, 8192) / 16) + 1 = 513
        long perRequest = 512 + 513;
        assertEquals((long) (now30 / (double) perRequest * maxLen), current.get(FigureKey.POOL_CAPACITY_TOKENS).value());
        assertTrue(current.get(FigureKey.POOL_CAPACITY_TOKENS).value() < now30 / 2 * 16,
                "at max_model_len = 8,192 the window saves nothing, and 513 > 512 blocks");
        Worksheet longCtx = now.withRuntime(now.runtime().toBuilder().maxNumBatchedTokens(512L).build());
        SizingResult big = SizingCalculator.calculate(longCtx);
        long b = big.get(FigureKey.POOL_GPU_BLOCKS).value();
        assertTrue(big.get(FigureKey.POOL_CAPACITY_TOKENS).value() > b / 2 * 16, "with 512 batched tokens the capped "
                + "sliding group (290 blocks, not 512) makes the current line larger than the block form");
    }
}
