import type { StartedTestContainer } from 'testcontainers';

export interface ContainerSpec {
  image: string;
  port: number;
  env?: Record<string, string>;
  command?: string[];
  /** a log line that says the container is ready, and how many times it must appear */
  readyLog: RegExp;
  readyLogTimes?: number;
}

const started = new Map<string, Promise<StartedTestContainer>>();

/** True when testcontainers finds a Docker (or compatible) engine that answers. */
export async function dockerAnswers(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts the container once per process (later calls get the same one) and stops it when the process is about to
 * exit; testcontainers' reaper removes it if the process dies first.
 */
export function startContainerOnce(spec: ContainerSpec): Promise<StartedTestContainer> {
  let container = started.get(spec.image);
  if (!container) {
    container = startContainer(spec);
    started.set(spec.image, container);
    container.catch(() => started.delete(spec.image));
  }
  return container;
}

async function startContainer(spec: ContainerSpec): Promise<StartedTestContainer> {
  const { GenericContainer, Wait } = await import('testcontainers');
  let builder = new GenericContainer(spec.image)
    .withExposedPorts(spec.port)
    .withEnvironment(spec.env ?? {})
    .withWaitStrategy(Wait.forLogMessage(spec.readyLog, spec.readyLogTimes ?? 1));
  if (spec.command) builder = builder.withCommand(spec.command);
  const container = await builder.start();
  process.once('beforeExit', () => void container.stop().catch(() => undefined));
  return container;
}
