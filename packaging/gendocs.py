#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes shmwise(1) and the bash and zsh completions from one source: the built binary's own
`--help` output (run in the C locale, untranslated) and the names printed by shmwise-docgen,
filled into the hand-written templates. Run by the build:

  gendocs.py SHMWISE DOCGEN MAN_TEMPLATE BASH_TEMPLATE ZSH_TEMPLATE OUT_DIR

and writes OUT_DIR/shmwise.1, OUT_DIR/shmwise.bash and OUT_DIR/_shmwise (each atomically)."""

import os
import re
import subprocess
import sys

COMMANDS_HEADING = "Commands:"


def run(argv):
    env = dict(os.environ)
    env.update({"LANGUAGE": "", "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"})
    # No window is ever opened for --help, but a platform plugin is never looked for either.
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    res = subprocess.run(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         universal_newlines=True, timeout=60)
    if res.returncode != 0:
        sys.exit("gendocs: %s exited with %d: %s" % (" ".join(argv), res.returncode, res.stderr))
    return res.stdout


class Entry:
    """One line of an Options: or Arguments: block of QCommandLineParser's help."""

    def __init__(self, names, value, text):
        self.names = names  # ["-h", "--help"] or ["FILE"]
        self.value = value  # "FILE" for "--profile <FILE>", "" for a flag
        self.text = text


class Help:
    def __init__(self, text):
        self.usage = ""
        self.description = []
        self.options = []
        self.arguments = []
        self.commands = []  # (name, summary), only in the main help
        self.trailer = []
        section = None
        for line in text.splitlines():
            if line.startswith("Usage: "):
                self.usage = line[len("Usage: "):].strip()
                section = "description"
                continue
            if line in ("Options:", "Arguments:", COMMANDS_HEADING):
                section = line
                continue
            if section in ("Options:", "Arguments:", COMMANDS_HEADING):
                if not line.strip():
                    section = "trailer"
                    continue
                m = re.match(r"^  (\S.*?)(?:  +(\S.*))?$", line)
                if m and not line.startswith("   "):
                    self._add(section, m.group(1), m.group(2) or "")
                elif self._last(section) is not None:
                    self._last(section).text += " " + line.strip()
                continue
            if section == "description" and line.strip():
                self.description.append(line.strip())
            elif section == "trailer" and line.strip():
                self.trailer.append(line.strip())

    def _last(self, section):
        lst = {"Options:": self.options, "Arguments:": self.arguments}.get(section)
        return lst[-1] if lst else None

    def _add(self, section, head, text):
        if section == COMMANDS_HEADING:
            self.commands.append((head.strip(), text))
            return
        value = ""
        m = re.match(r"^(.*?) <([^>]+)>$", head)
        if m:
            head, value = m.group(1), m.group(2)
        names = [n.strip() for n in head.split(",")]
        entry = Entry(names, value, text)
        (self.options if section == "Options:" else self.arguments).append(entry)


def parse_docgen(text):
    lists = {}
    for line in text.splitlines():
        parts = line.split()
        if parts:
            lists[parts[0]] = parts[1:]
    for key in ("environments", "kinds", "artifacts", "presets", "comment-languages"):
        if not lists.get(key):
            sys.exit("gendocs: shmwise-docgen printed no %s" % key)
    return lists


# --- roff -------------------------------------------------------------------------------------

def esc(s):
    s = s.replace("\\", "\\e").replace("-", "\\-")
    return s


def line(s):
    """A text line that cannot be taken for a request."""
    return "\\&" + s if s[:1] in (".", "'") else s


def usage_roff(usage):
    out = []
    for tok in usage.split():
        m = re.match(r"^([\[]*)(.*?)([\]|]*)$", tok)
        pre, core, post = m.groups()
        if core.startswith("-") or core in ("shmwise",) or re.match(r"^[a-z]+$", core):
            core = "\\fB%s\\fR" % esc(core)
        elif core:
            core = "\\fI%s\\fR" % esc(core)
        out.append(pre + core + post)
    return " ".join(out)


def option_roff(e):
    names = ", ".join("\\fB%s\\fR" % esc(n) for n in e.names)
    if e.value:
        names += " \\fI%s\\fR" % esc(e.value)
    return ".TP\n%s\n%s" % (names, line(esc(e.text)))


def man_page(template, version, main, helps, lists, examples_dir):
    synopsis = []
    for name, _ in main.commands:
        synopsis.append(usage_roff(helps[name].usage) + "\n.br")
    synopsis.append("\\fBshmwise\\fR \\fB\\-\\-help\\fR | \\fB\\-\\-version\\fR | "
                    "\\fICOMMAND\\fR \\fB\\-\\-help\\fR")
    options = "\n".join(option_roff(e) for e in main.options)
    commands = []
    for name, summary in main.commands:
        h = helps[name]
        part = [".SS %s" % name, usage_roff(h.usage), ".PP", line(esc(" ".join(h.description)))]
        if h.arguments:
            part.append(".PP\nArguments:")
            part += [option_roff(e) for e in h.arguments]
        part.append(".PP\nOptions:")
        part += [option_roff(e) for e in h.options]
        commands.append("\n".join(part))
    subst = {
        "VERSION": version,
        "SYNOPSIS": "\n".join(synopsis),
        "OPTIONS": options,
        "COMMANDS": "\n".join(commands),
        "ENVIRONMENTS": esc(", ".join(lists["environments"])),
        "PRESETS": esc(", ".join(lists["presets"])),
        "ARTIFACTS": esc(", ".join(lists["artifacts"])),
        "KINDS": esc(", ".join(lists["kinds"])),
        "EXAMPLESDIR": esc(examples_dir),
    }
    return fill(template, subst)


def fill(template, subst):
    def repl(m):
        if m.group(1) not in subst:
            sys.exit("gendocs: unknown placeholder @%s@" % m.group(1))
        return subst[m.group(1)]
    return re.sub(r"@([A-Z_]+)@", repl, template)


# --- completions ------------------------------------------------------------------------------

def value_type(value):
    """What an option's value or a positional argument is, for completion."""
    return {"FILE": "file", "FILE|-": "file", "DIR": "dir", "T": "target", "KIND": "kind",
            "ID,...": "artifacts", "LANG": "language"}.get(value, "other")


def sh_quote(s):
    return "'" + s.replace("'", "'\\''") + "'"


def bash_data(main, helps, lists):
    names = [n for n, _ in main.commands]
    out = ["_shmwise_commands=%s" % sh_quote(" ".join(names)),
           "_shmwise_kinds=%s" % sh_quote(" ".join(lists["kinds"])),
           "_shmwise_artifacts=%s" % sh_quote(" ".join(lists["artifacts"])),
           "_shmwise_languages=%s" % sh_quote(" ".join(lists["comment-languages"])),
           "",
           "# _shmwise_options COMMAND: the options of COMMAND (none: those of shmwise itself).",
           "_shmwise_options() {",
           "    case $1 in"]
    out.append("    '') echo %s ;;" % sh_quote(" ".join(n for e in main.options for n in e.names)))
    for n in names:
        opts = " ".join(x for e in helps[n].options for x in e.names)
        out.append("    %s) echo %s ;;" % (n, sh_quote(opts)))
    out += ["    esac", "}", "",
            "# _shmwise_value COMMAND OPTION: what OPTION's value is (file, dir, target, kind,",
            "# artifacts, language, other), or nothing when OPTION takes no value.",
            "_shmwise_value() {",
            "    case \"$1 $2\" in"]
    for n in names:
        for e in helps[n].options:
            if e.value:
                for opt in e.names:
                    out.append("    %s) echo %s ;;" % (sh_quote("%s %s" % (n, opt)),
                                                        value_type(e.value)))
    out += ["    esac", "}", "",
            "# _shmwise_positional COMMAND: what COMMAND's positional argument is, if it has one.",
            "_shmwise_positional() {",
            "    case $1 in"]
    for n in names:
        if helps[n].arguments:
            out.append("    %s) echo %s ;;" % (n, value_type(helps[n].arguments[0].names[0])))
    out += ["    esac", "}"]
    return "\n".join(out)


def zsh_desc(text):
    first = re.split(r"(?<=\.) ", text, maxsplit=1)[0]
    return re.sub(r"([\[\]:\\])", r"\\\1", first).replace("'", "'\\''")


def zsh_action(kind, lists, value):
    return {
        "file": "_files",
        "dir": "_files -/",
        "target": "_shmwise_targets",
        "kind": "(%s)" % " ".join(lists["kinds"]),
        "artifacts": "_values -s , artifact %s" % " ".join(lists["artifacts"]),
        "language": "(%s)" % " ".join(lists["comment-languages"]),
    }.get(kind, " ")


def zsh_data(main, helps, lists):
    names = [n for n, _ in main.commands]
    out = ["_shmwise_commands=("]
    for n, summary in main.commands:
        out.append("    %s" % sh_quote("%s:%s" % (n, summary.replace(":", "\\:"))))
    out.append(")")
    for n in names:
        h = helps[n]
        out.append("_shmwise_cmd_%s() {" % n)
        out.append("    _arguments -s -S \\")
        for e in h.options:
            desc = zsh_desc(e.text)
            if e.value:
                action = zsh_action(value_type(e.value), lists, e.value)
                for opt in e.names:
                    out.append("        '%s=[%s]:%s:%s' \\" % (opt, desc, e.value.lower(), action))
            elif len(e.names) > 1:
                out.append("        '(- *)'{%s}'[%s]' \\" % (",".join(e.names), desc))
            else:
                out.append("        '%s[%s]' \\" % (e.names[0], desc))
        for a in h.arguments:
            kind = value_type(a.names[0])
            out.append("        ':%s:%s' \\" % (a.names[0].lower(), zsh_action(kind, lists, "")))
        out[-1] = out[-1][:-2]
        out.append("}")
    return "\n".join(out)


def write_atomic(path, text):
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


def main(argv):
    if len(argv) != 7:
        sys.exit(__doc__)
    shmwise, docgen, man_t, bash_t, zsh_t, out_dir = argv[1:]
    main_help = Help(run([shmwise, "--help"]))
    if not main_help.commands or not main_help.options:
        sys.exit("gendocs: no commands or options found in `shmwise --help`")
    helps = {}
    for name, _ in main_help.commands:
        helps[name] = Help(run([shmwise, name, "--help"]))
        if not helps[name].usage or not helps[name].options:
            sys.exit("gendocs: no usage or options found in `shmwise %s --help`" % name)
    version = run([shmwise, "--version"]).split()[1]
    lists = parse_docgen(run([docgen]))
    examples_dir = os.environ.get("SHMWISE_EXAMPLES_DIR", "/usr/share/doc/shmwise/examples")

    def read(p):
        with open(p, encoding="utf-8") as f:
            return f.read()

    os.makedirs(out_dir, exist_ok=True)
    write_atomic(os.path.join(out_dir, "shmwise.1"),
                 man_page(read(man_t), version, main_help, helps, lists, examples_dir))
    write_atomic(os.path.join(out_dir, "shmwise.bash"),
                 fill(read(bash_t), {"DATA": bash_data(main_help, helps, lists)}))
    write_atomic(os.path.join(out_dir, "_shmwise"),
                 fill(read(zsh_t), {"DATA": zsh_data(main_help, helps, lists)}))


if __name__ == "__main__":
    main(sys.argv)
