// Snippets that start a monitor's run from a pipeline once pasted: curl, GitHub Actions and GitLab
// CI. The token is never in them (it is stored hashed): each reads SITEQA_DEPLOY_TOKEN from the
// environment or the CI's secrets.
export interface Snippets {
  curl: string;
  github_actions: string;
  gitlab_ci: string;
}

export function deploySnippets(hookUrl: string): Snippets {
  const curl = [
    `curl -fsS -X POST '${hookUrl}' \\`,
    `  -H "X-Service-Token: $SITEQA_DEPLOY_TOKEN" \\`,
    `  -H 'content-type: application/json' \\`,
    `  -d "{\\"sha\\": \\"\${GIT_SHA:-}\\", \\"ref\\": \\"\${GIT_REF:-}\\", \\"env\\": \\"\${DEPLOY_ENV:-production}\\"}"`,
  ].join('\n');
  const github = `# .github/workflows/siteqa.yml — store the token as the repository secret SITEQA_DEPLOY_TOKEN
name: siteqa after deploy
on:
  deployment_status:
jobs:
  siteqa:
    if: github.event.deployment_status.state == 'success'
    runs-on: ubuntu-latest
    steps:
      - name: Ask siteqa to check the deploy
        env:
          SITEQA_DEPLOY_TOKEN: \${{ secrets.SITEQA_DEPLOY_TOKEN }}
          GIT_SHA: \${{ github.sha }}
          GIT_REF: \${{ github.ref }}
          DEPLOY_ENV: \${{ github.event.deployment.environment }}
        run: |
${curl.split('\n').map((l) => `          ${l}`).join('\n')}
`;
  const gitlab = `# .gitlab-ci.yml — store the token as the masked CI/CD variable SITEQA_DEPLOY_TOKEN
siteqa:
  stage: .post
  image: curlimages/curl:latest
  variables:
    GIT_SHA: $CI_COMMIT_SHA
    GIT_REF: $CI_COMMIT_REF_NAME
    DEPLOY_ENV: $CI_ENVIRONMENT_NAME
  script:
    - |
${curl.split('\n').map((l) => `      ${l}`).join('\n')}
  rules:
    - if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH
`;
  return { curl, github_actions: github, gitlab_ci: gitlab };
}
