package org.vramsheet.ui.app;

import java.util.List;
import org.vramsheet.core.summary.SummaryMarkdown;
import org.vramsheet.report.SlideLanguages;
import org.vramsheet.ui.model.DecisionText;
import org.vramsheet.ui.text.Texts;

/**
 * The window's languages for {@code export --pptx} (issue 31): the slide written through the window's texts bundle, as
 * File › Export slide... writes it, and by default in the language saved in this app folder's View › Language.
 */
public final class WindowSlideLanguages implements SlideLanguages {
    private final AppHome home;

    public WindowSlideLanguages(AppHome home) {
        this.home = home;
    }

    @Override
    public List<String> codes() { return List.of("en", "ru"); }

    @Override
    public SummaryMarkdown.Language of(String code) {
        return DecisionText.language(Texts.of(code));
    }

    @Override
    public String saved() { return home.language(); }
}
