import { DataDirLockedError } from '@app/db';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { copyFilesToBucketCommand } from './platform/copy-files-to-bucket.ts';
import { createDeps } from './platform/deps.ts';
import { installProcessGuard } from './platform/process-guard.ts';
import { demoAccounts, prepareData, readyLine } from './startup.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const opened = await createDeps(config);
  const { deps } = opened;
  installProcessGuard(deps.log);
  await prepareData(deps);
  const app = await buildApp(deps);
  await app.listen({ port: config.PORT, host: config.HOST });
  deps.mailer.start();
  const url = `http://${config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST}:${config.PORT}`;
  const demo = await demoAccounts(deps);
  if (config.LOG_FORMAT === 'text') console.log(readyLine(url, demo));
  else deps.log.info({ database: deps.dbKind, redis: Boolean(config.REDIS_URL), url, demo_accounts: demo }, 'ready');
  const stop = async (signal: string) => {
    deps.log.info({ signal }, 'stopping');
    await app.close();
    await opened.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

/** `copy-files-to-bucket`: a command run instead of the server (README, object storage). */
async function command(name: string): Promise<void> {
  if (name !== 'copy-files-to-bucket') {
    console.error(`Unknown command "${name}". Commands: copy-files-to-bucket.`);
    process.exit(2);
  }
  process.exit(await copyFilesToBucketCommand(loadConfig(), (line) => console.log(line)));
}

const commandName = process.argv[2];
(commandName ? command(commandName) : main()).catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(commandName ? `${commandName} failed:` : 'The server could not start:', error);
  }
  process.exit(1);
});
