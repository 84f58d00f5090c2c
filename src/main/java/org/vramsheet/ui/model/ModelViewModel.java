package org.vramsheet.ui.model;

import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.vramsheet.core.sheet.ModelInfo;

/** MODEL section. */
public final class ModelViewModel extends SectionViewModel {
    public final StringProperty modelId = watch(new SimpleStringProperty(""));
    public final StringProperty revision = watch(new SimpleStringProperty(""));
    public final StringProperty architecture = watch(new SimpleStringProperty(""));
    public final NumberInput maxContext = number("model.maxContextTokens", NumberInput.Kind.TOKENS, "tokens");
    public final NumberInput vocabSize = number("model.vocabSize", NumberInput.Kind.COUNT, "tokens");

    public void load(ModelInfo m) {
        modelId.set(m.modelId());
        revision.set(m.revision());
        architecture.set(m.architecture());
        maxContext.load(m.maxContextTokens());
        vocabSize.load(m.vocabSize());
    }

    public ModelInfo snapshot() {
        return new ModelInfo(modelId.get(), revision.get(), architecture.get(), maxContext.longValue(), vocabSize.longValue());
    }
}
