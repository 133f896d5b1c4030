import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** The one id style of the schema: bigint identity, read as a JS number. */
export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
export const ref = (name: string) => bigint(name, { mode: 'number' });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const at = (name: string) => timestamp(name, { withTimezone: true });
export const atNow = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();
