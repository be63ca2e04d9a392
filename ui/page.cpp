// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/page.h"

#include "core/size.h"
#include "ui/numberbox.h"
#include "ui/session.h"
#include "validators/validators.h"

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QRegularExpression>
#include <QSet>
#include <QSpinBox>
#include <QStyle>
#include <QStyleOptionFrame>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

namespace shmwise {

Page::Page(Session *session, QStringList keyPrefixes, QWidget *parent)
    : QWizardPage(parent), m_session(session), m_prefixes(std::move(keyPrefixes))
{
    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    m_message->setObjectName(QStringLiteral("pageMessage"));
    m_message->setAccessibleName(tr("Problems on this page"));
    m_message->setVisible(false);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QPalette pal = m_message->palette();
    pal.setColor(QPalette::WindowText, QColor(0xda, 0x44, 0x53));
    m_message->setPalette(pal);
    connect(m_session, &Session::changed, this, [this] {
        syncFromProfile();
        for (auto it = m_bytesLabels.cbegin(); it != m_bytesLabels.cend(); ++it) {
            const QString text = it.key()->text().trimmed();
            const auto v = text.isEmpty() ? std::nullopt : parseFieldSize(text);
            showBytes(it.value(), v);
        }
        refresh();
    });
}

bool Page::isComplete() const
{
    return m_fieldErrors.isEmpty() && m_session->problemsUnder(m_prefixes).isEmpty();
}

namespace {
// A problem under `bound` ("workload.sample" holds "workload.sample[2].name").
bool keyUnder(const QString &key, const QString &bound)
{
    return key == bound || (key.startsWith(bound) && (key.at(bound.size()) == QLatin1Char('.') ||
                                                      key.at(bound.size()) == QLatin1Char('[')));
}
} // namespace

QString Page::messageText(bool *errors) const
{
    // The lines follow the fields on screen, top to bottom and left to right; what no field
    // shows comes last, in the order found.
    struct Line
    {
        QPoint at;
        int order;
        QString text;
    };
    QVector<Line> lines;
    const QPoint nowhere(0, std::numeric_limits<int>::max());
    auto where = [&](const QWidget *field) {
        return field && field->isVisibleTo(this) ? field->mapTo(this, QPoint(0, 0)) : nowhere;
    };
    for (auto it = m_fieldErrors.cbegin(); it != m_fieldErrors.cend(); ++it)
        lines.append({where(it.key()), int(lines.size()), it.value()});
    for (auto it = m_notices.cbegin(); it != m_notices.cend(); ++it)
        lines.append({where(it.key()), int(lines.size()), it.value()});
    const QVector<ProfileProblem> problems = m_session->problemsUnder(m_prefixes);
    for (const ProfileProblem &p : problems) {
        // The plan's own problems are of the fields as the profile holds them: while a field
        // holds text that cannot be read, they are of numbers the page no longer shows.
        if (!m_fieldErrors.isEmpty() && p.key == QLatin1String("workload.plan"))
            continue;
        QString label = fieldLabel(p.key);
        const QWidget *shown = nullptr;
        // A bound field is named as the page shows it; a tensor's row keeps its own words.
        for (auto it = m_boundKeys.cbegin(); it != m_boundKeys.cend(); ++it) {
            if (!keyUnder(p.key, boundKey(it.value())))
                continue;
            shown = it.key();
            if (p.key == boundKey(it.value()) && !it.key()->accessibleName().isEmpty())
                label = it.key()->accessibleName();
            break;
        }
        lines.append(
            {where(shown), int(lines.size()), tr("%1: %2").arg(label, inFieldWords(p.message))});
    }
    if (errors)
        *errors = int(lines.size()) > int(m_notices.size());
    std::stable_sort(lines.begin(), lines.end(), [](const Line &a, const Line &b) {
        if (a.at.y() != b.at.y())
            return a.at.y() < b.at.y();
        if (a.at.x() != b.at.x())
            return a.at.x() < b.at.x();
        return a.order < b.order;
    });
    QStringList texts;
    for (const Line &l : std::as_const(lines))
        texts << l.text;
    texts.removeDuplicates();
    return texts.join(QLatin1Char('\n'));
}

QString Page::fieldMessage(QWidget *field) const
{
    QStringList lines;
    if (const auto it = m_fieldErrors.constFind(field); it != m_fieldErrors.cend())
        lines << it.value();
    if (const auto it = m_notices.constFind(field); it != m_notices.cend())
        lines << it.value();
    const auto bound = m_boundKeys.constFind(field);
    if (bound != m_boundKeys.cend()) {
        const QString key = boundKey(bound.value());
        const QVector<ProfileProblem> problems = m_session->problemsUnder({key});
        for (const ProfileProblem &p : problems) {
            if (!keyUnder(p.key, key))
                continue;
            const QString label = p.key == key && !field->accessibleName().isEmpty()
                                      ? field->accessibleName()
                                      : fieldLabel(p.key);
            lines << tr("%1: %2").arg(label, inFieldWords(p.message));
        }
    }
    lines.removeDuplicates();
    return lines.join(QLatin1Char('\n'));
}

void Page::setFieldError(QWidget *field, const QString &message)
{
    if (message.isEmpty())
        m_fieldErrors.remove(field);
    else
        m_fieldErrors.insert(field, message);
    refresh();
}

void Page::bindField(QWidget *field, const QString &key)
{
    m_boundKeys.insert(field, key);
    auto *box = qobject_cast<NumberBox *>(field);
    if (!box)
        return;
    // What the box refuses is marked on it and said on the page, with what the field holds
    // instead, through the rest of that edit and after it, until the field is next edited (or
    // the profile gives it another value). It does not hold the page back: the field holds a
    // value, and the notice says which.
    connect(box, &NumberBox::refused, this, [this, box](const QString &message, bool ended) {
        m_refusals.insert(box, {message, ended});
        setNotice(box, tr("%1; the field holds %2").arg(message, box->text()));
    });
    auto taken = [this, box] {
        const auto it = m_refusals.find(box);
        if (it == m_refusals.end() || !box->refusal().isEmpty() || it->ended)
            return;
        // Typing on after the refusal: the notice follows what the field holds now.
        setNotice(box, tr("%1; the field holds %2").arg(it->message, box->text()));
    };
    connect(box->findChild<QLineEdit *>(), &QLineEdit::textChanged, this, taken);
    connect(box, qOverload<int>(&QSpinBox::valueChanged), this, taken);
    // Only the user's next edit answers a refusal whose edit has ended: the box's own
    // rewriting of its text (as focus leaves it) does not.
    connect(box->findChild<QLineEdit *>(), &QLineEdit::textEdited, this, [this, box] {
        const auto it = m_refusals.find(box);
        if (it == m_refusals.end() || !it->ended || !box->refusal().isEmpty())
            return;
        m_refusals.erase(it);
        setNotice(box, QString());
    });
    connect(box, &QAbstractSpinBox::editingFinished, this, [this, box] {
        const auto it = m_refusals.find(box);
        if (it != m_refusals.end())
            it->ended = true;
    });
}

void Page::left()
{
    if (m_refusals.isEmpty())
        return;
    const QList<QWidget *> boxes = m_refusals.keys();
    m_refusals.clear();
    for (QWidget *box : boxes)
        setNotice(box, QString());
}

void Page::setNotice(QWidget *field, const QString &message)
{
    if (message.isEmpty() ? !m_notices.remove(field) : m_notices.value(field) == message)
        return;
    if (!message.isEmpty())
        m_notices.insert(field, message);
    refresh();
}

bool Page::hasFieldErrors() const
{
    return !m_fieldErrors.isEmpty();
}

void Page::markFields()
{
    QSet<QWidget *> fields(m_marks.keyBegin(), m_marks.keyEnd());
    for (auto it = m_fieldErrors.keyBegin(); it != m_fieldErrors.keyEnd(); ++it)
        fields.insert(*it);
    for (auto it = m_notices.keyBegin(); it != m_notices.keyEnd(); ++it)
        fields.insert(*it);
    for (auto it = m_boundKeys.keyBegin(); it != m_boundKeys.keyEnd(); ++it)
        fields.insert(*it);
    for (QWidget *field : std::as_const(fields))
        setMark(field, fieldMessage(field), !hasError(field));
}

bool Page::hasError(QWidget *field) const
{
    if (m_fieldErrors.contains(field))
        return true;
    const auto bound = m_boundKeys.constFind(field);
    if (bound == m_boundKeys.cend())
        return false;
    const QString key = boundKey(bound.value());
    const QVector<ProfileProblem> problems = m_session->problemsUnder({key});
    return std::any_of(problems.cbegin(), problems.cend(),
                       [&](const ProfileProblem &p) { return keyUnder(p.key, key); });
}

// One mark for every kind of field: an icon inside it (a line edit's trailing action, a spin
// box's or editable combo box's own line edit, a check box's icon), the message as its tooltip
// and accessible description. Tables mark their rows themselves.
void Page::setMark(QWidget *field, const QString &message, bool noticeOnly)
{
    // A notice (the field holds a value; Next is not held back) has the warning icon, an error
    // the critical one.
    const QString kind = noticeOnly ? QStringLiteral("notice") : QStringLiteral("error");
    if (m_marks.value(field) == message && (message.isEmpty() != m_marks.contains(field)) &&
        field->property("shmwiseMarkKind").toString() == (message.isEmpty() ? QString() : kind))
        return;
    if (!message.isEmpty() && field->property("shmwiseMarkKind").toString() != kind &&
        m_errorActions.contains(field)) {
        // The kind changed: the icon is put again below.
        auto *lineEdit = qobject_cast<QLineEdit *>(field);
        if (!lineEdit)
            lineEdit = field->findChild<QLineEdit *>();
        if (QAction *a = m_errorActions.take(field)) {
            if (lineEdit)
                lineEdit->removeAction(a);
            a->deleteLater();
        }
    }
    field->setProperty("shmwiseMarkKind", message.isEmpty() ? QString() : kind);
    auto *edit = qobject_cast<QLineEdit *>(field);
    if (!edit && (qobject_cast<QAbstractSpinBox *>(field) || qobject_cast<QComboBox *>(field)))
        edit = field->findChild<QLineEdit *>();
    auto *check = qobject_cast<QAbstractButton *>(field);
    if (message.isEmpty()) {
        m_marks.remove(field);
        if (QAction *a = m_errorActions.take(field)) {
            if (edit)
                edit->removeAction(a);
            a->deleteLater();
        }
        if (check)
            check->setIcon(QIcon());
        if (field->property("shmwiseTip").isValid())
            field->setToolTip(field->property("shmwiseTip").toString());
        field->setAccessibleDescription(QString());
        return;
    }
    const QIcon icon = style()->standardIcon(noticeOnly ? QStyle::SP_MessageBoxWarning
                                                        : QStyle::SP_MessageBoxCritical);
    if (edit && !m_errorActions.contains(field)) {
        QAction *a = edit->addAction(icon, QLineEdit::TrailingPosition);
        a->setObjectName(QStringLiteral("fieldProblem"));
        a->setToolTip(message);
        m_errorActions.insert(field, a);
    } else if (QAction *a = m_errorActions.value(field)) {
        a->setToolTip(message);
    }
    if (check && !edit)
        check->setIcon(icon);
    if (!field->property("shmwiseTip").isValid())
        field->setProperty("shmwiseTip", field->toolTip());
    field->setToolTip(message);
    field->setAccessibleDescription(message);
    m_marks.insert(field, message);
}

void Page::showNumber(QSpinBox *box, quint64 value, std::optional<quint64> unset)
{
    const quint64 shown = value == unset ? quint64(box->minimum()) : value;
    // Another value from the profile replaces what the box refused before.
    if (quint64(box->value()) != qMin<quint64>(shown, quint64(box->maximum())) &&
        m_refusals.remove(box))
        setNotice(box, QString());
    quietly(box,
            [&](QSpinBox *b) { b->setValue(int(qMin<quint64>(shown, quint64(b->maximum())))); });
    if (value != unset && value > quint64(box->maximum()))
        setFieldError(box, tr("%1: the profile holds %2, more than this field takes (%3); type "
                              "a value up to %3")
                               .arg(box->accessibleName())
                               .arg(value)
                               .arg(box->maximum()));
    else if (m_fieldErrors.contains(box))
        setFieldError(box, QString());
}

bool Page::readSize(QLineEdit *edit, bool optional, std::optional<quint64> *out)
{
    const QString text = edit->text().trimmed();
    if (text.isEmpty()) {
        if (optional) {
            out->reset();
            setFieldError(edit, QString());
            return true;
        }
        setFieldError(edit, tr("%1 is required").arg(edit->accessibleName()));
        return false;
    }
    QString error;
    const auto v = parseFieldSize(text, &error);
    QLabel *bytes = m_bytesLabels.value(edit);
    if (!v) {
        if (bytes)
            showBytes(bytes, std::nullopt);
        setFieldError(edit, tr("%1: %2").arg(edit->accessibleName(), error));
        return false;
    }
    setFieldError(edit, QString());
    if (bytes)
        showBytes(bytes, v);
    *out = *v;
    return true;
}

std::optional<quint64> Page::parseFieldSize(const QString &input, QString *error) const
{
    return parseSizeAs(m_session->profile().environment, input, error);
}

std::optional<quint64> Page::parseSizeAs(Environment environment, const QString &input,
                                         QString *error)
{
    const QString text = input.trimmed();
    QString why;
    std::optional<quint64> v;
    QString tool;
    bool percent = false;
    switch (environment) {
    case Environment::Docker:
    case Environment::Compose:
    case Environment::Swarm:
    case Environment::Podman:
    case Environment::AzureMl:
        v = parseToolSize(SizeSyntax::Docker, text, &why);
        tool = tr("Docker");
        break;
    case Environment::Kubernetes:
        v = parseToolSize(SizeSyntax::Kubernetes, text, &why);
        tool = tr("Kubernetes");
        break;
    case Environment::BareMetal:
        v = parseToolSize(SizeSyntax::Kernel, text, &why, &percent);
        if (percent)
            why = tr("a percentage is not a size here");
        tool = tr("the kernel");
        break;
    default:
        break;
    }
    QString own;
    if (!v)
        v = parseSize(text, &own);
    // A tool's parser saturates what overflows; the field says so instead of showing a capped
    // count.
    if (v && *v > MaxProfileBytes) {
        if (error)
            *error = tr("'%1' is more than 1 EiB, the largest size a field takes").arg(text);
        return std::nullopt;
    }
    if (v)
        return v;
    if (error)
        *error = tool.isEmpty() ? own : tr("%1 (nor as %2 reads sizes: %3)").arg(own, tool, why);
    return std::nullopt;
}

QWidget *Page::withBytes(QLineEdit *edit)
{
    auto *row = new QWidget(this);
    // A form label's mnemonic gives focus to its buddy, this row, when the row takes focus at
    // all: the row takes it as the field does and passes it on.
    row->setFocusPolicy(edit->focusPolicy());
    row->setFocusProxy(edit);
    // The bytes go under the field, shown while it holds a size: beside it they took a column
    // of their own, and the field was too narrow for its placeholder in a two-column page at
    // 800x600 ("not known, e.g. 32GiB" cut to "未知，如…").
    auto *layout = new QVBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(edit);
    // The field is never narrower than a short placeholder: a cut hint reads as a value. A long
    // one (a phrase) may be cut rather than widen the page; the field's tooltip says what it
    // takes.
    const QFontMetrics metrics = edit->fontMetrics();
    const int hint = metrics.horizontalAdvance(edit->placeholderText());
    if (hint > 0 && hint <= metrics.averageCharWidth() * 22) {
        QStyleOptionFrame option;
        option.initFrom(edit);
        const QSize text(hint + 8, metrics.height());
        edit->setMinimumWidth(
            edit->style()->sizeFromContents(QStyle::CT_LineEdit, &option, text, edit).width());
    }
    auto *bytes = new QLabel(row);
    bytes->setTextFormat(Qt::PlainText);
    bytes->setAccessibleName(tr("%1 in bytes").arg(edit->accessibleName()));
    bytes->setVisible(false);
    QPalette pal = bytes->palette();
    pal.setColor(QPalette::WindowText, pal.color(QPalette::PlaceholderText));
    bytes->setPalette(pal);
    layout->addWidget(bytes);
    m_bytesLabels.insert(edit, bytes);
    return row;
}

void Page::showBytes(QLabel *label, std::optional<quint64> bytes)
{
    label->setText(bytes ? tr("= %1 bytes").arg(QLocale().toString(*bytes)) : QString());
    label->setVisible(bytes.has_value());
}

namespace {
struct FieldWord
{
    const char *name; // as written in a profile file
    const char *label;
};
// The labels the wizard shows for the names a profile file uses.
const FieldWord kFieldWords[] = {
    {"sample_bytes", QT_TRANSLATE_NOOP("shmwise::Page", "Sample size")},
    {"batch_size", QT_TRANSLATE_NOOP("shmwise::Page", "Batch size")},
    {"num_workers", QT_TRANSLATE_NOOP("shmwise::Page", "Workers")},
    {"prefetch_factor", QT_TRANSLATE_NOOP("shmwise::Page", "Prefetch factor")},
    {"persistent_workers", QT_TRANSLATE_NOOP("shmwise::Page", "Persistent workers")},
    {"processes_per_node", QT_TRANSLATE_NOOP("shmwise::Page", "Processes per node")},
    {"pin_memory", QT_TRANSLATE_NOOP("shmwise::Page", "Pin memory")},
    {"start_method", QT_TRANSLATE_NOOP("shmwise::Page", "Start method")},
    {"sharing_strategy", QT_TRANSLATE_NOOP("shmwise::Page", "Sharing strategy")},
    {"dataset_resident_bytes", QT_TRANSLATE_NOOP("shmwise::Page", "Dataset tensors")},
    {"sample", QT_TRANSLATE_NOOP("shmwise::Page", "Tensors of one sample")},
    {"preset", QT_TRANSLATE_NOOP("shmwise::Page", "Preset")},
    {"framework", QT_TRANSLATE_NOOP("shmwise::Page", "Framework")},
    {"grouped_batch_size", QT_TRANSLATE_NOOP("shmwise::Page", "Grouped batch size")},
    {"name", QT_TRANSLATE_NOOP("shmwise::Page", "Job name")},
    {"image", QT_TRANSLATE_NOOP("shmwise::Page", "Image")},
    {"command", QT_TRANSLATE_NOOP("shmwise::Page", "Command")},
    {"memory", QT_TRANSLATE_NOOP("shmwise::Page", "Memory")},
    {"gpus", QT_TRANSLATE_NOOP("shmwise::Page", "GPUs per node")},
    {"namespace", QT_TRANSLATE_NOOP("shmwise::Page", "Namespace")},
    {"kind", QT_TRANSLATE_NOOP("shmwise::Page", "Kubernetes kind")},
    {"shm", QT_TRANSLATE_NOOP("shmwise::Page", "Current /dev/shm")},
    {"cpus", QT_TRANSLATE_NOOP("shmwise::Page", "CPUs")},
    {"tensor_parallel_size", QT_TRANSLATE_NOOP("shmwise::Page", "Tensor-parallel size")},
    {"pipeline_parallel_size", QT_TRANSLATE_NOOP("shmwise::Page", "Pipeline-parallel size")},
    {"data_parallel_size", QT_TRANSLATE_NOOP("shmwise::Page", "Data-parallel size")},
    {"kv_offload_bytes", QT_TRANSLATE_NOOP("shmwise::Page", "KV-offload tier")},
    {"payload_bytes", QT_TRANSLATE_NOOP("shmwise::Page", "Largest request and response")},
    {"max_requests", QT_TRANSLATE_NOOP("shmwise::Page", "Requests at once")},
    {"instances", QT_TRANSLATE_NOOP("shmwise::Page", "Model instances")},
};
} // namespace

QString Page::fieldLabel(const QString &key)
{
    // A tensor's fields are named by the tensor's row: "workload.sample[2].name" is
    // "Tensor 3, name".
    static const QRegularExpression tensor(
        QStringLiteral("^workload\\.sample\\[(\\d+)\\]\\.(\\w+)$"));
    const auto m = tensor.match(key);
    if (m.hasMatch())
        return tr("Tensor %1, %2").arg(m.captured(1).toInt() + 1).arg(m.captured(2));
    if (key == QLatin1String("workload.plan"))
        return tr("The plan");
    if (key == QLatin1String("job.memory_bytes"))
        return tr("Job memory");
    if (key == QLatin1String("host.memory_bytes"))
        return tr("Host memory");
    if (key == QLatin1String("host.shm_bytes"))
        return tr("Current /dev/shm");
    const QString last = key.section(QLatin1Char('.'), -1);
    for (const FieldWord &w : kFieldWords)
        if (last == QLatin1String(w.name))
            return tr(w.label);
    QString words = last;
    words.replace(QLatin1Char('_'), QLatin1Char(' '));
    if (!words.isEmpty())
        words[0] = words[0].toUpper();
    return words;
}

QString Page::inFieldWords(const QString &message)
{
    QString out = message;
    // A server's keys are named with their section in a sentence: the field's label stands for
    // the whole dotted name.
    out.replace(QStringLiteral("serving.version"), tr("vLLM release"));
    out.replace(QRegularExpression(QStringLiteral("\\bserving\\.(?=[a-z_]+_[a-z]+\\b)")),
                QString());
    for (const FieldWord &w : kFieldWords) {
        // Only the names with an underscore are unmistakably file names inside a sentence.
        if (!QByteArray(w.name).contains('_'))
            continue;
        static const QString quote = QStringLiteral("'");
        const QString name = QLatin1String(w.name);
        out.replace(quote + name + quote, tr(w.label));
        out.replace(QRegularExpression(QStringLiteral("\\b%1\\b").arg(name)), tr(w.label));
    }
    out.replace(QStringLiteral("'sample'"), tr("tensors"));
    out.replace(QStringLiteral("'preset'"), tr("preset"));
    return out;
}

void Page::refresh()
{
    bool errors = false;
    const QString text = messageText(&errors);
    // Red when a line is an error; notices alone (which hold nothing back) in the text's colour,
    // as their fields are marked with the warning icon, not the critical one.
    QPalette pal = m_message->palette();
    pal.setColor(QPalette::WindowText,
                 errors ? QColor(0xda, 0x44, 0x53) : palette().color(QPalette::WindowText));
    m_message->setPalette(pal);
    m_message->setProperty("shmwiseMessageKind",
                           errors ? QStringLiteral("error") : QStringLiteral("notice"));
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
    markFields();
    fieldErrorsChanged();
    Q_EMIT completeChanged();
}

} // namespace shmwise
