import type { OperationId } from '../../contract/schemas.ts';
import { deleteDataSource, updateDataSource } from './data-sources.ts';
import type { Handler } from './handler.ts';
import { pushOpenApiToGit } from './push.ts';
import { getLoggedRequest } from './logged-requests.ts';
import { getOrganisation, updateOrganisation } from './organisations.ts';
import { updateChaosSettings, updateStateSettings } from './settings.ts';
import { deleteTeamMember } from './teams.ts';

/** One handler per operation of schemas/openapi.yaml; the type makes a missing one a compile error. */
export const HANDLERS: Record<OperationId, Handler<unknown>> = {
  updateChaosSettings,
  updateStateSettings,
  getOrganisation,
  updateOrganisation,
  deleteDataSource,
  updateDataSource,
  deleteTeamMember,
  getLoggedRequest,
  pushOpenApiToGit,
};
