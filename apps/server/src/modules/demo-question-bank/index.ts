// Front door of the demo-question-bank module (others import it only from here). The demo question bank seeded at
// start-up.

export { seedDemoQuestionBank } from './seed-demo-question-bank.ts';
