// SPDX-License-Identifier: GPL-3.0-or-later
#include "generators/gen_ansible_p.h"
#include "generators/gen_common.h"

namespace shmwise::gen {

namespace {

Artifact playbook(const Profile &profile, const ShmPlan &plan, const FileText &text)
{
    const Bytes size = shmSize(plan);
    const quint64 sizeKiB = (size + KiB - 1) / KiB;
    const bool nofile = needsNofile(plan);
    Artifact a;
    a.id = QStringLiteral("ansible-playbook");
    a.title = Tr::tr("Ansible playbook for /dev/shm on every host");
    a.fileName = QStringLiteral("shm-playbook.yml");
    a.syntax = QStringLiteral("YAML");
    a.summary =
        Tr::tr("Run with ansible-playbook -i inventory.ini shm-playbook.yml (Debian's ansible "
               "package has the ansible.posix collection it uses). On each host whose /dev/shm "
               "is smaller than %1 it writes the /dev/shm line of /etc/fstab and remounts; a "
               "larger /dev/shm is left alone. %2Hosts with shmwise_docker=true also get "
               "default-shm-size in /etc/docker/daemon.json and a Docker restart. The last task "
               "fails every host whose /dev/shm is still below %3. A second run changes nothing.")
            .arg(formatSize(size),
                 nofile
                     ? Tr::tr("It also installs the open-file limit of %1. ").arg(plan.nofileLimit)
                     : QString(),
                 formatSize(plan.requiredBytes)) +
        notAdjustableRemark(profile);
    TextBuilder b(text);
    b.line("---");
    b.comment("# ", b.fileText(QT_TRANSLATE_NOOP("shmwise::FileText",
                                                 "/dev/shm for the training job \"%1\": "
                                                 "ShmWise's bare-metal settings on every host."))
                        .arg(profile.job.name));
    b.line("- name: Size /dev/shm for PyTorch DataLoader jobs");
    b.line("  hosts: \"{{ shmwise_hosts | default('all') }}\"");
    b.note(Tr::tr("Every host of the inventory unless -e shmwise_hosts=GROUP (or --limit) "
                  "says otherwise."));
    b.line("  become: true");
    b.line("  vars:");
    b.line(QStringLiteral("    shm_size: %1").arg(kernelSize(size)));
    b.note(
        Tr::tr("%1 in the kernel's tmpfs syntax: what the plan recommends.").arg(sizeWords(size)));
    b.line(QStringLiteral("    shm_size_kib: %1").arg(sizeKiB));
    b.line(QStringLiteral("    shm_required_kib: %1").arg((plan.requiredBytes + KiB - 1) / KiB));
    b.note(Tr::tr("The least /dev/shm the job runs in: the final check fails a host below it."));
    if (nofile)
        b.line(QStringLiteral("    shm_nofile: %1").arg(plan.nofileLimit));
    b.line(QStringLiteral("    docker_shm_size: %1").arg(dockerSize(size)));
    b.line("  tasks:");
    b.line("    - name: Read the size of /dev/shm");
    b.line("      ansible.builtin.command: df -kP /dev/shm");
    b.line("      register: shm_before");
    b.line("      changed_when: false");
    b.line("");
    b.line("    - name: Put the /dev/shm line in /etc/fstab (only where /dev/shm is smaller)");
    b.line("      ansible.posix.mount:");
    b.line("        path: /dev/shm");
    b.line("        src: tmpfs");
    b.line("        fstype: tmpfs");
    b.line("        opts: \"defaults,nosuid,nodev,size={{ shm_size }}\"");
    b.line("        state: present");
    b.line("      when: (shm_before.stdout_lines[-1].split()[1] | int) < (shm_size_kib | int)");
    b.note(Tr::tr("Never shrinks: a host whose /dev/shm is already at least this size is "
                  "skipped, its fstab untouched."));
    b.line("      register: shm_fstab");
    b.line("");
    b.line("    - name: Remount /dev/shm with the size from /etc/fstab");
    b.line("      ansible.posix.mount:");
    b.line("        path: /dev/shm");
    b.line("        state: remounted");
    b.line("      when: shm_fstab is changed");
    b.note(Tr::tr("mount -o remount keeps the files in /dev/shm; no reboot needed."));
    if (nofile) {
        b.line("");
        b.line("    - name: Raise the open-file limit for the DataLoader's shared tensors");
        b.line("      ansible.builtin.copy:");
        b.line("        dest: /etc/security/limits.d/90-shmwise-nofile.conf");
        b.line("        mode: \"0644\"");
        b.line("        content: |");
        b.line("          *    soft    nofile    {{ shm_nofile }}");
        b.line("          *    hard    nofile    {{ shm_nofile }}");
        b.note(Tr::tr("The file_descriptor sharing strategy keeps about %1 files open in the main "
                      "process. It applies from the next login.")
                   .arg(plan.openFiles));
    }
    b.line("");
    b.line("    - name: Read /etc/docker/daemon.json");
    b.line("      ansible.builtin.slurp:");
    b.line("        src: \"{{ shmwise_daemon_json | default('/etc/docker/daemon.json') }}\"");
    b.line("      register: shm_daemon_json");
    b.line("      failed_when: false");
    b.line("      when: shmwise_docker | default(false) | bool");
    b.line("");
    b.line("    - name: Give containers this /dev/shm by default (default-shm-size)");
    b.line("      vars:");
    b.line("        shm_daemon: \"{{ (shm_daemon_json.content | b64decode | from_json)"
           " if shm_daemon_json.content is defined else {} }}\"");
    b.line("      ansible.builtin.copy:");
    b.line("        dest: \"{{ shmwise_daemon_json | default('/etc/docker/daemon.json') }}\"");
    b.line("        mode: \"0644\"");
    b.line("        content: \"{{ shm_daemon | combine({'default-shm-size': docker_shm_size})"
           " | to_nice_json }}\\n\"");
    b.line("      when:");
    b.line("        - shmwise_docker | default(false) | bool");
    b.line("        - (shm_daemon['default-shm-size'] | default('0') | human_to_bytes)"
           " < (docker_shm_size | human_to_bytes)");
    b.note(Tr::tr("Keeps the file's other keys, and a larger default-shm-size."));
    b.line("      notify: Restart Docker");
    b.line("");
    b.line("    - name: Check that /dev/shm is large enough now");
    b.line("      ansible.builtin.command: df -kP /dev/shm");
    b.line("      register: shm_after");
    b.line("      changed_when: false");
    b.line("");
    b.line("    - name: Fail hosts whose /dev/shm is still too small");
    b.line("      ansible.builtin.assert:");
    b.line("        that: (shm_after.stdout_lines[-1].split()[1] | int) >= (shm_required_kib | "
           "int)");
    b.line("        fail_msg: \"/dev/shm on {{ inventory_hostname }} is"
           " {{ (shm_after.stdout_lines[-1].split()[1] | int) // 1024 }} MiB; the job needs"
           " {{ (shm_required_kib | int) // 1024 }} MiB\"");
    b.line("        quiet: true");
    b.note(Tr::tr("A host that could not be changed (a read-only fstab, a container) fails "
                  "here with its size, instead of a Bus error in training."));
    b.line("");
    b.line("  handlers:");
    b.line("    - name: Restart Docker");
    b.line("      ansible.builtin.command: \"{{ shmwise_docker_restart | default('systemctl "
           "restart docker') }}\"");
    b.note(Tr::tr("Docker reads daemon.json when it starts; running containers keep their "
                  "/dev/shm until they are recreated."));
    b.line("      changed_when: true");
    b.finish(&a);
    return a;
}

Artifact inventory(const Profile &profile, const FileText &text)
{
    Artifact a;
    a.id = QStringLiteral("ansible-inventory");
    a.title = Tr::tr("Example Ansible inventory");
    a.fileName = QStringLiteral("inventory.ini");
    a.syntax = QStringLiteral("INI");
    a.summary =
        Tr::tr("An example of the hosts the playbook runs on: replace the names and addresses "
               "with your own. Hosts in the docker group get Docker's default-shm-size too. "
               "shmwise probe --inventory inventory.ini shows which hosts need the change "
               "before you run it.") +
        notAdjustableRemark(profile);
    TextBuilder b(text);
    b.comment("# ", QT_TRANSLATE_NOOP("shmwise::FileText",
                                      "Hosts whose /dev/shm the playbook sets; names and "
                                      "addresses are examples."));
    b.line("[gpu]");
    b.line("gpu01 ansible_host=192.0.2.11");
    b.line("gpu02 ansible_host=192.0.2.12");
    b.line("gpu03 ansible_host=192.0.2.13");
    b.line("");
    b.line("[docker]");
    b.line("gpu03");
    b.line("");
    b.line("[docker:vars]");
    b.line("shmwise_docker=true");
    b.note(Tr::tr("These hosts run training in Docker containers: the playbook also sets "
                  "default-shm-size in /etc/docker/daemon.json and restarts Docker."));
    b.line("# shmwise_docker_restart=\"systemctl restart docker\"");
    b.note(Tr::tr("The command the handler runs to restart Docker, when it is not systemd's."));
    b.line("");
    b.line("[all:vars]");
    b.line("ansible_user=root");
    b.finish(&a);
    return a;
}

} // namespace

QVector<Artifact> ansibleArtifacts(const Profile &profile, const ShmPlan &plan,
                                   const FileText &text)
{
    return {playbook(profile, plan, text), inventory(profile, text)};
}

} // namespace shmwise::gen
