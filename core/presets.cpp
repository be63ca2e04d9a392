// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/presets.h"

#include <QCoreApplication>
#include <QFile>

namespace shmwise {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Presets)
};
} // namespace

QVector<PresetInfo> presets()
{
    return {
        {QStringLiteral("image-classification"), Tr::tr("Image classification (224x224)"),
         Tr::tr("ResNet/ViT-style training: one 3x224x224 float32 image and a label per sample.")},
        {QStringLiteral("object-detection"), Tr::tr("Object detection (640x640, YOLO-like)"),
         Tr::tr("YOLO-style training: a 3x640x640 uint8 image and padded box targets per sample.")},
        {QStringLiteral("audio-generation"), Tr::tr("Audio generation (mel + CLAP + T5)"),
         Tr::tr("Text-to-music training with a dict sample: a mel spectrogram, a CLAP embedding "
                "and T5 text features.")},
        {QStringLiteral("video-clips"), Tr::tr("Video clips (16 frames, 224x224)"),
         Tr::tr("Video classification: a 3x16x224x224 float32 clip and a label per sample.")},
        {QStringLiteral("multimodal"), Tr::tr("Multimodal image + text (CLIP-like)"),
         Tr::tr("Contrastive image-text training: a 224x224 image with 77 text tokens and their "
                "attention mask.")},
    };
}

std::optional<PresetInfo> presetInfo(const QString &id)
{
    const QVector<PresetInfo> all = presets();
    for (const PresetInfo &p : all) {
        if (p.id == id)
            return p;
    }
    return std::nullopt;
}

std::optional<QByteArray> presetYaml(const QString &id)
{
    if (!presetInfo(id))
        return std::nullopt;
    QFile f(QStringLiteral(":/presets/") + id + QStringLiteral(".yaml"));
    if (!f.open(QIODevice::ReadOnly))
        return std::nullopt;
    return f.readAll();
}

} // namespace shmwise
