// Front door of the demo-projects module (others import it only from here). The demo projects seeded at start-up, and
// their sample scene images (tests).

export { sceneImage } from './sample-media.ts';
export { seedDemoProjects } from './seed-demo-projects.ts';
