// TypeBox schema of a workspace's Slack connection, shown by /integrations/slack and /workspaces/current.
import { Type } from 'typebox';

const NullableString = (opts: Parameters<typeof Type.String>[0] = {}) => Type.Union([Type.Null(), Type.String(opts)]);

export const SlackConnection = Type.Object({
  connected: Type.Boolean({ description: 'Alerts can be posted: connected and not revoked.' }),
  team_id: NullableString(),
  team_name: NullableString(),
  channel_id: NullableString({ description: 'The channel chosen on the consent screen; alerts are posted there.' }),
  channel_name: NullableString(),
  connected_at: NullableString({ format: 'date-time' }),
  disconnected_reason: NullableString({ description: '`disconnected` (DELETE /integrations/slack), or what Slack answered when the token stopped working (`token_revoked`, `invalid_auth`, `account_inactive`).' }),
});
