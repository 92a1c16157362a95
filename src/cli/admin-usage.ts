// The admin commands' usage, apart from the commands themselves: `siteqa --help` and `siteqa audit`
// start without loading the store and workspace modules the admin commands need.
export const ADMIN_USAGE = `  admin workspace create --email <addr> [--name <text>] [--tier <tier>]
                                   create a workspace and print its API key (shown once)
  admin workspace list             list workspaces (id, tier, owner, key hint)
  admin workspace set-tier <id> <tier>
                                   grant a tier at once, without the payment provider
  admin workspace rotate-key <id>  print a new key; the old one stops working at once
  admin report revoke <run_id>     revoke the run's share link: /r/<old token> stops working, and
                                   a new link is printed (for whoever should still see the report)
  admin outbox [--limit N]         print mail kept in the outbox (SMTP_URL unset)`;
