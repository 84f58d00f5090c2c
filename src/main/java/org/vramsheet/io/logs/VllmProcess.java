package org.vramsheet.io.logs;

/**
 * The vLLM process a log line came from, read from its prefix: "(EngineCore_DP1 pid=7)", "(Worker_TP3 pid=150)",
 * "(Worker_DP1_TP0_EP8 pid=12)", "(VllmWorker rank=2 pid=9)", "(VllmWorkerProcess pid=1786)", "(RayWorkerWrapper pid=5,
 * ip=10.0.0.2)", "(APIServer pid=1)". A line without one is the engine's own (V0 and single-process logs).
 *
 * @param dp     the data-parallel engine (0 when the prefix names none)
 * @param worker whether a GPU worker printed it (its own figures, before the engine unifies them), not the engine
 * @param rank   the worker's tensor-parallel rank, -1 when not a worker or not named
 */
record VllmProcess(int dp, boolean worker, int rank) {
    static final VllmProcess ENGINE = new VllmProcess(0, false, -1);
    /** A prefix is near the start of its line (after a timestamp or a container name at most). */
    private static final int PREFIX_WITHIN = 120;

    /** The process of one line; linear (a few bounded searches, no regex). */
    static VllmProcess of(String line) {
        int pid = line.indexOf(" pid=");
        if (pid < 0 || pid > PREFIX_WITHIN) {
            return ENGINE;
        }
        int open = line.lastIndexOf('(', pid);
        if (open < 0) {
            return ENGINE;
        }
        String name = line.substring(open + 1, pid);
        boolean worker = name.contains("Worker");
        int dp = Math.max(0, number(name, "DP"));
        if (name.startsWith("EngineCore_") && number(name, "DP") < 0) {
            dp = Math.max(0, number(name, "EngineCore_")); // v0.10: "EngineCore_1"
        }
        int rank = number(name, "TP");
        if (rank < 0) {
            rank = number(name, "rank=");
        }
        if (rank < 0 && (name.equals("VllmWorkerProcess") || name.equals("RayWorkerWrapper"))) {
            rank = Integer.MAX_VALUE; // V0's other ranks: the driver (rank 0) prints without a prefix
        }
        return new VllmProcess(dp, worker, worker ? rank : -1);
    }

    /** The digits right after {@code key} in {@code name}, or -1. */
    private static int number(String name, String key) {
        int i = name.indexOf(key);
        if (i < 0) {
            return -1;
        }
        int j = i + key.length();
        int k = j;
        while (k < name.length() && k - j < 6 && Character.isDigit(name.charAt(k))) {
            k++;
        }
        return k == j ? -1 : Integer.parseInt(name.substring(j, k));
    }
}
