package org.vramsheet.report;

import java.util.List;
import org.vramsheet.core.summary.SummaryMarkdown;

/**
 * The languages {@code export --pptx} can write a slide in, and the one the user last chose in the window (View ›
 * Language). The window's texts bundle gives the Russian; the launcher hands the window's own languages to the CLI,
 * which never reads the window's classes itself.
 */
public interface SlideLanguages {
    /** English only, nothing saved: a CLI run without the window's languages. */
    SlideLanguages ENGLISH = new SlideLanguages() {
        @Override
        public List<String> codes() { return List.of("en"); }

        @Override
        public SummaryMarkdown.Language of(String code) { return SummaryMarkdown.Language.ENGLISH; }

        @Override
        public String saved() { return null; }
    };

    /** The codes {@link #of} takes ("en", "ru"). */
    List<String> codes();

    /** How a slide in the language {@code code} (one of {@link #codes}) writes its words. */
    SummaryMarkdown.Language of(String code);

    /** The language saved by the window's View › Language ("en" / "ru"), or null when none was saved. */
    String saved();

    /** The language a slide is written in when none is asked for: the window's saved one, else English. */
    default String standard() {
        String s = saved();
        return s != null && codes().contains(s) ? s : "en";
    }
}
