// Domain types of the in-memory deployment; field names follow "Resources and their fields" of the spec.

export interface Organisation {
  id: string;
  name: string;
  aclSubject: string;
  aclObject: string;
  emailAddress: string;
  subscriptionId: string;
}

export interface User {
  id: string;
  organisationId: string;
  aclSubject: string;
}

export interface Team {
  id: string;
  organisationId: string;
  name: string;
  memberIds: Set<string>;
}

export type ColumnTypeName = 'STRING' | 'DATE' | 'BOOLEAN' | 'INTEGER';

export interface Column {
  name: string;
  type: { name: ColumnTypeName; format?: string };
}

export interface DataSourceConfig {
  name: string;
  type: 'CSV';
  columnsMetadata: Column[];
  rows: string[][];
}

export interface DataSource extends DataSourceConfig {
  id: string;
  organisationId: string;
  aclObject: string;
  lastUpdated: Date;
  version: number;
  state: 'ENABLED';
}

export interface ChaosSettings {
  enabled: boolean;
  percentageFailures: number;
  socketClose: { enabled: boolean };
  socketReset: { enabled: boolean };
  invalidHttp: { enabled: boolean };
  longDelay: { enabled: boolean; durationMillis: number };
  httpErrors: { status: number }[];
}

export interface StateSettings {
  defaultContextExpression: string;
}

export interface LoggedRequest {
  id: string;
  request: {
    url: string;
    absoluteUrl: string;
    method: string;
    clientIp: string;
    headers: Record<string, string>;
    cookies: Record<string, string>;
    browserProxyRequest: boolean;
    loggedDate: number;
    loggedDateString: string;
    body: string;
    bodyAsBase64: string;
  };
  responseDefinition: {
    status: number;
    transformers: string[];
    fromConfiguredStub: boolean;
    transformerParameters: Record<string, unknown>;
  };
}

export interface JobOutcome {
  errorCode: string;
  errors: { code: number; title: string; detail: string }[];
}

export interface Job {
  id: string;
  mockApiId: string;
  jobType: 'open-api-git-pull';
  status: 'RUNNING' | 'SUCCESS' | 'ERROR';
  startedNs: bigint;
  finishedNs?: bigint;
  outcome?: JobOutcome;
}

export interface GitConnection {
  repositoryUrl: string;
  /** Commit the service last pulled; null until a first pull, which is why a push cannot start. */
  localHead: string | null;
}

export interface MockApi {
  id: string;
  organisationId: string;
  chaos: ChaosSettings;
  state: StateSettings;
  git: GitConnection;
  dataSourceIds: Set<string>;
  requests: Map<string, LoggedRequest>;
  jobs: Map<string, Job>;
}
