import { describe, expect, it } from 'vitest';
import { bubblewrapPresent, languagePresent } from './sandbox/bwrap-present.ts';
import { outputMatches } from './sandbox/compare-output.ts';
import { type GradeRequest, gradeSubmission, type TestCase } from './sandbox/grader.ts';
import { availableLanguages, type LanguageId } from './sandbox/languages.ts';

const provider = bubblewrapPresent('the grading tests');

const LIMITS = { cpuMs: 1000, wallMs: 3000, memoryBytes: 256 * 1024 * 1024 };

/** The exercise: print the sum of the integers on standard input. Worth 4 points, 3 of them in hidden cases. */
const CASES: TestCase[] = [
  { stdin: '1 2\n', expected: '3\n', weight: 1, hidden: false },
  { stdin: '10 20\n30\n', expected: '60\n', weight: 2, hidden: true },
  { stdin: '-5 5\n', expected: '0\n', weight: 1, hidden: true },
];

interface Programs {
  correct: string;
  /** Off by one everywhere. */
  wrong: string;
  /** Sums absolute values: right unless a number is negative (the third case), so 3 of 4 points. */
  partial: string;
  /** Does not compile (for Python and JavaScript: does not parse; their syntax check makes it a compile error). */
  broken: string;
  crashes: string;
  loops: string;
}

const PROGRAMS: Record<LanguageId, Programs> = {
  python3: {
    correct: 'import sys\nprint(sum(int(x) for x in sys.stdin.read().split()))\n',
    wrong: 'import sys\nprint(sum(int(x) for x in sys.stdin.read().split()) + 1)\n',
    partial: 'import sys\nprint(sum(abs(int(x)) for x in sys.stdin.read().split()))\n',
    broken: 'print(\n',
    crashes: 'raise ValueError("boom")\n',
    loops: 'while True:\n    pass\n',
  },
  javascript: {
    correct: sumJs('Number(x)'),
    wrong: sumJs('Number(x)', ' + 1'),
    partial: sumJs('Math.abs(Number(x))'),
    broken: 'console.log(\n',
    crashes: 'throw new Error("boom");\n',
    loops: 'for (;;) {}\n',
  },
  c: {
    correct: sumC('x', ''),
    wrong: sumC('x', ' + 1'),
    partial: sumC('(x < 0 ? -x : x)', ''),
    broken: 'int main( { return 0; }\n',
    crashes: 'int main(void) { *(volatile int *)0 = 1; return 0; }\n',
    loops: 'int main(void) { volatile unsigned long i = 0; for (;;) i++; }\n',
  },
  cpp: {
    correct: sumCpp('x', ''),
    wrong: sumCpp('x', ' + 1'),
    partial: sumCpp('(x < 0 ? -x : x)', ''),
    broken: '#include <iostream>\nint main() { std::cout << "a" << ; }\n',
    crashes: '#include <stdexcept>\nint main() { throw std::runtime_error("boom"); }\n',
    loops: 'int main() { volatile unsigned long i = 0; for (;;) i++; }\n',
  },
  java: {
    correct: sumJava('x', ''),
    wrong: sumJava('x', ' + 1'),
    partial: sumJava('Math.abs(x)', ''),
    broken: 'public class Main { public static void main(String[] a) { int x = 1 } }\n',
    crashes: 'public class Main { public static void main(String[] a) { throw new RuntimeException("boom"); } }\n',
    loops: 'public class Main { public static void main(String[] a) { long i = 0; while (true) i++; } }\n',
  },
};

function sumJs(term: string, extra = '') {
  return `const xs = require('fs').readFileSync(0, 'utf8').split(/\\s+/).filter(Boolean);\nconsole.log(xs.reduce((s, x) => s + ${term}, 0)${extra});\n`;
}
function sumC(term: string, extra: string) {
  return `#include <stdio.h>\nint main(void) {\n  long long s = 0, x;\n  while (scanf("%lld", &x) == 1) s += ${term};\n  printf("%lld\\n", s${extra});\n  return 0;\n}\n`;
}
function sumCpp(term: string, extra: string) {
  return `#include <iostream>\nint main() {\n  long long s = 0, x;\n  while (std::cin >> x) s += ${term};\n  std::cout << s${extra} << "\\n";\n}\n`;
}
function sumJava(term: string, extra: string) {
  return `import java.util.Scanner;\npublic class Main {\n  public static void main(String[] args) {\n    Scanner in = new Scanner(System.in);\n    long s = 0;\n    while (in.hasNextLong()) { long x = in.nextLong(); s += ${term}; }\n    System.out.println(s${extra});\n  }\n}\n`;
}

const grade = (language: LanguageId, source: string, extra: Partial<GradeRequest> = {}) =>
  gradeSubmission(provider!, { language, source, cases: CASES, limits: LIMITS, ...extra });

describe('comparing outputs', () => {
  it('exact: byte for byte', () => {
    expect(outputMatches('3\n', '3\n', 'exact')).toBe(true);
    expect(outputMatches('3', '3\n', 'exact')).toBe(false);
    expect(outputMatches('3 \n', '3\n', 'exact')).toBe(false);
  });

  it('trim (the default): trailing spaces of lines, a Windows line end and blank lines at the end do not count', () => {
    expect(outputMatches('1 2  \r\n3\n\n\n', '1 2\n3')).toBe(true);
    expect(outputMatches('1  2\n3', '1 2\n3')).toBe(false);
    expect(outputMatches(' 1 2\n3', '1 2\n3')).toBe(false);
    expect(outputMatches('1 2\n\n3', '1 2\n3')).toBe(false);
  });

  it('tokens: only the words and their order count', () => {
    expect(outputMatches('1\n  2\t3\n', '1 2 3', 'tokens')).toBe(true);
    expect(outputMatches('1 3 2', '1 2 3', 'tokens')).toBe(false);
    expect(outputMatches('1 2', '1 2 3', 'tokens')).toBe(false);
  });
});

describe('the languages found on this machine', () => {
  it('lists every language, with its version or why it is missing', () => {
    const languages = availableLanguages();
    expect(languages.map((l) => l.id)).toEqual(['python3', 'javascript', 'c', 'cpp', 'java']);
    for (const language of languages) {
      if (language.available) expect(language.version).toMatch(/\d/);
      else expect(language.missing).toMatch(/is not installed|does not run/);
      console.log(`${language.title}: ${language.available ? language.version : language.missing}`);
    }
  });
});

describe.skipIf(!provider)('grading', () => {
  for (const id of Object.keys(PROGRAMS) as LanguageId[]) {
    describe.skipIf(!languagePresent(id, `the ${id} grading tests`))(id, () => {
      const programs = PROGRAMS[id];

      it('gives a correct solution every point, and shows only the visible case', async () => {
        const result = await grade(id, programs.correct);
        expect(result).toMatchObject({ status: 'graded', score: 4, maxScore: 4 });
        expect(result.cases.map((c) => c.status)).toEqual(['passed', 'passed', 'passed']);
        expect(result.cases[0]).toMatchObject({ stdoutHead: '3\n', hidden: false });
        expect(result.cases[1]).not.toHaveProperty('stdoutHead');
        expect(result.cases[2]).not.toHaveProperty('stderrHead');
      });

      it('gives a wrong solution nothing', async () => {
        const result = await grade(id, programs.wrong);
        expect(result).toMatchObject({ status: 'graded', score: 0 });
        expect(result.cases.map((c) => c.status)).toEqual(['wrong_answer', 'wrong_answer', 'wrong_answer']);
      });

      it('gives a partly correct solution the weights of the cases it passes', async () => {
        const result = await grade(id, programs.partial);
        expect(result).toMatchObject({ status: 'graded', score: 3, maxScore: 4 });
        expect(result.cases.map((c) => c.passed)).toEqual([true, true, false]);
      });

      it('says a compile error with the compiler message, and runs nothing', async () => {
        const result = await grade(id, programs.broken);
        expect(result).toMatchObject({ status: 'compile_error', score: 0, cases: [] });
        expect(result.compileOutput).toMatch(/error|never closed|was not closed|expected/i);
      });

      it('names a runtime error', async () => {
        const result = await grade(id, programs.crashes, { cases: CASES.slice(0, 1) });
        expect(result.cases.map((c) => c.status)).toEqual(['runtime_error']);
        expect(result.cases[0]!.stderrHead).toMatch(/boom|Segmentation|^$/);
      });

      it('stops an endless loop at the time limit', async () => {
        // A wall limit far above the CPU limit, so that a busy machine still ends the loop on CPU time.
        const limits = { ...LIMITS, wallMs: 10_000 };
        const result = await grade(id, programs.loops, { cases: CASES.slice(0, 1), limits });
        expect(result.cases.map((c) => c.status)).toEqual(['time_limit']);
        expect(result.score).toBe(0);
        // Java gets a second more for its start (languages.ts).
        expect(result.cases[0]!.cpuMs).toBeLessThan(LIMITS.cpuMs + (id === 'java' ? 2000 : 1000));
      });
    });
  }

  describe.skipIf(!languagePresent('python3', 'the checker tests'))('a checker script', () => {
    /** Passes an answer within 0.01 of the expected number, gives half for within 1, else fails with a message. */
    const checker = `import sys
inp, expected, actual = (open(name).read() for name in sys.argv[1:4])
try:
    difference = abs(float(actual) - float(expected))
except ValueError:
    print('not a number')
    sys.exit(1)
if difference <= 0.01:
    sys.exit(0)
if difference <= 1:
    print('0.5 close')
    sys.exit(0)
print('too far')
sys.exit(1)
`;
    const cases: TestCase[] = [
      { stdin: '', expected: '3.14', weight: 2, hidden: false },
      { stdin: '', expected: '2.5', weight: 2, hidden: false },
      { stdin: '', expected: '10', weight: 2, hidden: true },
    ];

    it('passes, gives a share of the weight, or fails with its message', async () => {
      const result = await grade('python3', 'print(3.141)', { cases, checker });
      expect(result.cases.map((c) => [c.status, c.score])).toEqual([
        ['passed', 2],
        ['partial', 1],
        ['wrong_answer', 0],
      ]);
      expect(result.cases[1]!.checkerMessage).toBe('close');
      expect(result.cases[2]).not.toHaveProperty('checkerMessage');
      expect(result.score).toBe(3);
    });

    it('is a checker error (not a failed case) when the checker crashes', async () => {
      const result = await grade('python3', 'print(1)', { cases: cases.slice(0, 1), checker: 'raise KeyError("x")' });
      expect(result.cases[0]).toMatchObject({ status: 'checker_error', score: 0 });
      expect(result.cases[0]!.checkerMessage).toContain('KeyError');
    });
  });
});
