import { describe, expect, it } from 'vitest';
import { addSubmitGuard, submitBlockers } from './submit-guards.ts';

describe('submit guards', () => {
  it('lists the messages of the guards that refuse, until they are removed', () => {
    let played = false;
    const remove = addSubmitGuard(() => (played ? null : 'play the video first'));
    const other = addSubmitGuard(() => null);
    expect(submitBlockers()).toEqual(['play the video first']);
    played = true;
    expect(submitBlockers()).toEqual([]);
    played = false;
    remove();
    other();
    expect(submitBlockers()).toEqual([]);
  });
});
