/** The run vocabulary lives beside `Agent`, which runs with it; the runtime uses it from here. */
export * from '../agents/run-types';
