import { spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import os from 'node:os';
import { findExecutable } from './host-tools.ts';
import type { SandboxLimits, SandboxMount } from './sandbox-provider.ts';

export type LanguageId = 'python3' | 'javascript' | 'c' | 'cpp' | 'java';

/** One language as found on this machine: where its tools are, or which one is missing. */
export interface LanguageInfo {
  id: LanguageId;
  title: string;
  available: boolean;
  /** The first line its tool prints for `--version` (`Python 3.11.2`, `v20.20.2`, `gcc (Debian 12.2.0-14) 12.2.0`). */
  version: string | null;
  /** Why it is not available ("javac is not installed (Debian package: default-jdk-headless)"). */
  missing: string | null;
}

/** A command in the sandbox with its own limits, mounts and environment. */
export interface LanguageStep {
  argv: string[];
  limits: SandboxLimits;
  mounts: SandboxMount[];
  env: Record<string, string>;
}

export interface LanguageCommands {
  id: LanguageId;
  /** The learner's source file in /box. */
  sourceFile: string;
  /** Compiling (or, for Python and JavaScript, a syntax check): its failure is a compile error. */
  compile: LanguageStep;
  /** Whether the files the compile step writes are what runs (C, C++, Java), so the grader passes them on. */
  keepsCompiled: boolean;
  /** Running it on one test case, with the experiment's limits turned into the sandbox's. */
  run(limits: SandboxLimits): LanguageStep;
}

const MIB = 1024 * 1024;
/** RLIMIT_DATA room for Node's runtime beside the program's heap: Node 24 does not start under ~575 MB. */
const NODE_MEMORY_ALLOWANCE = 768 * MIB;

/**
 * Compiling has its own limits, not the experiment's: gcc starts cc1, as, collect2 and ld; javac is a JVM (its
 * threads count as tasks). Ten CPU seconds hold a learner's program with room to spare.
 */
const COMPILE_LIMITS: SandboxLimits = {
  cpuMs: 10_000,
  wallMs: 20_000,
  memoryBytes: 1024 * MIB,
  processes: 64,
  outputBytes: 64 * 1024,
  fileBytes: 64 * MIB,
};

/** JVM options for small programs: one GC thread, one compiler tier, no shared perf file (it would go to /tmp). */
const JVM_SMALL = ['-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', '-XX:ActiveProcessorCount=1', '-XX:-UsePerfData'];

const step = (argv: string[], limits: SandboxLimits, mounts: SandboxMount[] = []): LanguageStep => ({
  argv,
  limits,
  mounts,
  env: {},
});

/** The Node binary: the first `node` on PATH outside /root (a version manager's shims), else the server's own. */
function findNode(): string {
  const home = os.homedir();
  return findExecutable('node', ['/root', ...(home && home !== '/' ? [home] : [])]) ?? process.execPath;
}

/** A binary outside /usr is shown read-only at /opt/<name> in the sandbox (/usr is shown whole). */
function placed(binary: string, name: string): { path: string; mounts: SandboxMount[] } {
  const real = realpathSync(binary);
  if (real.startsWith('/usr/')) return { path: binary, mounts: [] };
  const sandboxPath = `/opt/${name}`;
  return { path: sandboxPath, mounts: [{ hostPath: real, sandboxPath }] };
}

interface LanguageSpec {
  id: LanguageId;
  title: string;
  /** The binaries it needs on the host (the first is asked for its version), each with its Debian package. */
  needs: { find: () => string | null; name: string; package: string }[];
  commands(binaries: string[]): LanguageCommands;
}

const SPECS: LanguageSpec[] = [
  {
    id: 'python3',
    title: 'Python 3',
    // /usr/bin/python3 itself, not a pyenv shim under /root (the sandbox does not show /root).
    needs: [{ find: () => findExecutable('/usr/bin/python3'), name: 'python3', package: 'python3' }],
    commands: ([python]) => ({
      id: 'python3',
      sourceFile: 'main.py',
      keepsCompiled: false,
      compile: step([python!, '-m', 'py_compile', 'main.py'], COMPILE_LIMITS),
      run: (limits) => step([python!, '-B', 'main.py'], limits),
    }),
  },
  {
    id: 'javascript',
    title: 'JavaScript (Node.js)',
    needs: [{ find: findNode, name: 'node', package: 'nodejs' }],
    commands: ([nodeBinary]) => {
      const node = placed(nodeBinary!, 'node');
      return {
        id: 'javascript',
        sourceFile: 'main.js',
        keepsCompiled: false,
        compile: step([node.path, '--check', 'main.js'], COMPILE_LIMITS, node.mounts),
        // The heap limit is V8's (a clear "heap out of memory"); the memory rlimit leaves room for Node's own memory
        // (~40 MB resident, but Node 24 reserves ~575 MB of private address space at start, whatever the heap size:
        // measured with prlimit --data) and its threads (7, 11 with the file-system pool) count beside the program's.
        run: (limits) =>
          step(
            [node.path, `--max-old-space-size=${Math.max(16, Math.floor(limits.memoryBytes / MIB))}`, 'main.js'],
            { ...limits, memoryBytes: limits.memoryBytes + NODE_MEMORY_ALLOWANCE, processes: limits.processes + 12 },
            node.mounts,
          ),
      };
    },
  },
  {
    id: 'c',
    title: 'C (gcc)',
    needs: [{ find: () => findExecutable('gcc'), name: 'gcc', package: 'gcc' }],
    commands: ([gcc]) => ({
      id: 'c',
      sourceFile: 'main.c',
      keepsCompiled: true,
      compile: step([gcc!, '-O2', '-std=gnu17', '-pipe', '-o', 'main', 'main.c', '-lm'], COMPILE_LIMITS),
      run: (limits) => step(['/box/main'], limits),
    }),
  },
  {
    id: 'cpp',
    title: 'C++ (g++)',
    needs: [{ find: () => findExecutable('g++'), name: 'g++', package: 'g++' }],
    commands: ([gpp]) => ({
      id: 'cpp',
      sourceFile: 'main.cpp',
      keepsCompiled: true,
      compile: step([gpp!, '-O2', '-std=gnu++17', '-pipe', '-o', 'main', 'main.cpp'], COMPILE_LIMITS),
      run: (limits) => step(['/box/main'], limits),
    }),
  },
  {
    id: 'java',
    title: 'Java',
    needs: [
      { find: () => findExecutable('java'), name: 'java', package: 'default-jdk-headless' },
      { find: () => findExecutable('javac'), name: 'javac', package: 'default-jdk-headless' },
    ],
    commands: ([java, javac]) => ({
      id: 'java',
      sourceFile: 'Main.java',
      keepsCompiled: true,
      compile: step(
        [javac!, '-J-Xmx256m', ...JVM_SMALL.map((option) => `-J${option}`), '-encoding', 'UTF-8', 'Main.java'],
        COMPILE_LIMITS,
      ),
      // The heap is -Xmx (an OutOfMemoryError past it); the memory rlimit adds the JVM's own memory (metaspace, code
      // cache, thread stacks); its ~14 threads count beside the program's; its start takes CPU time, given on top.
      run: (limits) =>
        step(
          [java!, `-Xmx${Math.max(16, Math.floor(limits.memoryBytes / MIB))}m`, ...JVM_SMALL, '-cp', '/box', 'Main'],
          {
            ...limits,
            cpuMs: limits.cpuMs + 1000,
            wallMs: limits.wallMs + 1000,
            memoryBytes: limits.memoryBytes + 384 * MIB,
            processes: limits.processes + 20,
          },
        ),
    }),
  },
];

function versionOf(binary: string): string | null {
  const answer = spawnSync(binary, [binary.endsWith('java') ? '-version' : '--version'], {
    encoding: 'utf8',
    timeout: 10_000,
  });
  const text = `${answer.stdout ?? ''}${answer.stderr ?? ''}`.trim();
  return answer.status === 0 && text ? text.split('\n')[0]!.trim() : null;
}

interface Found {
  info: LanguageInfo;
  commands: LanguageCommands | null;
}

let found: Found[] | null = null;

/** Looks for every language's tools once (the first call; later calls answer the same) and says what it found. */
function findLanguages(): Found[] {
  found ??= SPECS.map((spec) => {
    const binaries: string[] = [];
    const versions: string[] = [];
    for (const need of spec.needs) {
      const binary = need.find();
      const version = binary ? versionOf(binary) : null;
      if (!binary || !version) {
        const why = binary ? `${need.name} (${binary}) does not run` : `${need.name} is not installed`;
        const info = { id: spec.id, title: spec.title, available: false, version: null };
        return { info: { ...info, missing: `${why} (Debian package: ${need.package})` }, commands: null };
      }
      binaries.push(binary);
      versions.push(version);
    }
    return {
      info: { id: spec.id, title: spec.title, available: true, version: versions[0]!, missing: null },
      commands: spec.commands(binaries),
    };
  });
  return found;
}

/** Every language the grader knows, each available or with the reason it is not. */
export const availableLanguages = (): LanguageInfo[] => findLanguages().map((language) => language.info);

/** How to compile and run a language, or null when it is not available here. */
export const languageCommands = (id: LanguageId): LanguageCommands | null =>
  findLanguages().find((language) => language.info.id === id)?.commands ?? null;
