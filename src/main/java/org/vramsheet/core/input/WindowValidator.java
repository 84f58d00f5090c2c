package org.vramsheet.core.input;

import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.LayerWindow;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/** KV ARCHITECTURE's window groups: layers, window, and each group's own KV heads and head size. */
final class WindowValidator {
    private WindowValidator() { }

    /** A group's own KV heads and head size: in range, and none for MLA (its groups share the one latent). */
    private static boolean groupGeometry(KvArchitecture k, LayerWindow w, String at, Issues out) {
        if (k.kind() == AttentionKind.MLA && (w.kvHeads() != null || w.headDim() != null)) {
            out.add("kv.windows", at + "MLA caches one latent in every layer: a group cannot have its own KV heads or head size");
            return false;
        }
        InputDecl heads = Inputs.get("kv.windows[].kvHeads");
        if (w.kvHeads() != null && (w.kvHeads() < heads.min() || w.kvHeads() > heads.max())) {
            out.add("kv.windows", at + "KV heads must be " + heads.min() + " to " + Units.grouped(heads.max()));
            return false;
        }
        InputDecl size = Inputs.get("kv.windows[].headDim");
        if (w.headDim() != null && (w.headDim() < size.min() || w.headDim() > size.max())) {
            out.add("kv.windows", at + "head size must be " + size.min() + " to " + Units.grouped(size.max()));
            return false;
        }
        return true;
    }

    static void windows(Worksheet ws, Issues out) {
        KvArchitecture k = ws.kv();
        long windowed = 0;
        for (int i = 0; i < k.windows().size(); i++) {
            LayerWindow w = k.windows().get(i);
            String at = "group " + (i + 1) + ": ";
            if (w.layers() == null || w.layers() < 1) {
                out.add("kv.windows", at + "layer count must be at least 1");
                return;
            }
            if (w.window() == null || w.window() < 1) {
                out.add("kv.windows", at + "window must be at least 1 token");
                return;
            }
            long maxWindow = Inputs.get("kv.windows[].window").max();
            if (w.window() > maxWindow) {
                out.add("kv.windows", at + "window is absurdly large (above " + Units.grouped(maxWindow) + ")");
                return;
            }
            // a window above the context never binds (a config may declare one above its own max positions): not an error, the
            // layers simply hold the whole context; KV ARCHITECTURE's per-token figure says so
            if (!groupGeometry(k, w, at, out)) {
                return;
            }
            windowed += w.layers();
        }
        if (k.layers() != null && windowed > k.layers()) {
            out.add("kv.windows", "inconsistent: " + windowed + " windowed layers but only " + k.layers()
                    + " attention layers");
        }
    }
}
