// Front door of the settings module (others import it only from here). Settings and dictionaries: the procedures, the
// review switches, the platform settings seeded at start-up.

export { reviewSwitches, saveReviewSwitches } from './review-switches.ts';
export { seedPlatformSettings } from './seed-settings.ts';
export { settingImplementations } from './settings.procedures.ts';
