import type { Difficulty, ExamBlueprint, QuestionType } from '@app/db/schema/index.ts';

/** One cell of a random paper's blueprint: how many questions of a type (and difficulty, null = any) to draw. */
export interface BlueprintCell {
  type: QuestionType;
  difficulty: Difficulty | null;
  count: number;
}

/** Random papers draw choice questions only: the other types need a chosen paper. */
const TYPES: ('single' | 'multiple' | 'judge')[] = ['single', 'multiple', 'judge'];
const DIFFICULTIES: Difficulty[] = ['easy', 'medium', 'hard'];

/** Splits `total` by `ratios` with the largest-remainder method (ties go to the earlier key); sums to total. */
export function splitByRatios<K extends string>(total: number, keys: K[], ratios: Record<K, number>): Map<K, number> {
  const sum = keys.reduce((s, k) => s + Math.max(0, ratios[k]), 0);
  const out = new Map<K, number>();
  if (sum <= 0) return out;
  const exact = keys.map((k) => ({ k, v: (total * Math.max(0, ratios[k])) / sum }));
  let given = 0;
  for (const { k, v } of exact) {
    out.set(k, Math.floor(v));
    given += Math.floor(v);
  }
  const byRemainder = [...exact].sort((a, b) => b.v - Math.floor(b.v) - (a.v - Math.floor(a.v)));
  for (let i = 0; given < total && i < byRemainder.length; i++, given++) {
    const k = byRemainder[i]!.k;
    out.set(k, (out.get(k) ?? 0) + 1);
  }
  return out;
}

/**
 * The cells of a blueprint: total split by question-type ratios, each type's share split by the difficulty
 * ratios (all-zero difficulty ratios mean any difficulty). Cells with a count of 0 are left out.
 */
export function blueprintCells(blueprint: ExamBlueprint): BlueprintCell[] {
  const perType = splitByRatios(blueprint.total, TYPES, blueprint.typeRatios);
  const anyDifficulty = DIFFICULTIES.every((d) => blueprint.difficultyRatios[d] <= 0);
  const cells: BlueprintCell[] = [];
  for (const type of TYPES) {
    const n = perType.get(type) ?? 0;
    if (n === 0) continue;
    if (anyDifficulty) {
      cells.push({ type, difficulty: null, count: n });
      continue;
    }
    const perDifficulty = splitByRatios(n, DIFFICULTIES, blueprint.difficultyRatios);
    for (const difficulty of DIFFICULTIES) {
      const count = perDifficulty.get(difficulty) ?? 0;
      if (count > 0) cells.push({ type, difficulty, count });
    }
  }
  return cells;
}
