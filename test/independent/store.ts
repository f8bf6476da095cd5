import { createHash } from 'node:crypto';
import type { DataSource, MockApi, Organisation, Team, User } from './types.ts';

// All state lives in these maps, so a new Store is a fresh deployment.
export class Store {
  readonly organisations = new Map<string, Organisation>();
  readonly users = new Map<string, User>();
  readonly teams = new Map<string, Team>();
  readonly dataSources = new Map<string, DataSource>();
  readonly mockApis = new Map<string, MockApi>();
  // Keys are kept only as SHA-256 digests, so the store never holds a usable credential.
  private readonly userIdsByKeyDigest = new Map<string, string>();

  addApiKey(userId: string, apiKey: string): void {
    this.userIdsByKeyDigest.set(digest(apiKey), userId);
  }

  userForApiKey(apiKey: string): User | undefined {
    const userId = this.userIdsByKeyDigest.get(digest(apiKey));
    return userId === undefined ? undefined : this.users.get(userId);
  }

  // Deleting a data source also drops every mock API's reference, so no mock API can template from it again.
  deleteDataSource(id: string): void {
    this.dataSources.delete(id);
    for (const mockApi of this.mockApis.values()) mockApi.dataSourceIds.delete(id);
  }
}

function digest(apiKey: string): string {
  return createHash('sha256').update(apiKey, 'utf8').digest('hex');
}
