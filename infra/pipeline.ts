import { parseHandler } from "../packages/functions/src/routes";
import {
  definitionText,
  START_FAILED,
  STARTER,
  STARTER_MAX_EVENT_AGE_SECONDS,
  STARTER_RETRIES,
  STEPS,
  substitute,
  type PipelineStep,
} from "../packages/functions/src/pipeline/steps";
import { packagingFor, readsDocumentsStep } from "./packaging";
import { environmentFor, permissionsFor, secretsFor } from "./permissions";
import { router } from "./router";
import { bucket } from "./storage";

/**
 * The document pipeline: one Lambda per step of definition.asl.json (least
 * privilege from STEPS), a Step Functions state machine fed that same file with the
 * functions' ARNs substituted for its `${...}` placeholders, and a bucket
 * notification whose small starter Lambda starts one execution per uploaded
 * document. Locally packages/local/src/pipeline.ts runs the same file.
 */

const handlerPath = (handler: string) => {
  const { module, exportName } = parseHandler(handler);
  return `packages/functions/src/${module}.${exportName}`;
};

/**
 * What the extract step reads scans and images with at run time. Textract by default; with
 * TEXTRACT_ENABLED=false at deploy time the step runs the same local OCR as `npm run dev`
 * (PDFium rendering + tesseract.js), so a stage works where Textract is not available.
 */
const OCR_SETTINGS = ["OCR_MAX_PAGES", "OCR_MAX_SECONDS"] as const;
function readerEnvironment(): Record<string, string> {
  const environment: Record<string, string> = { TEXTRACT_ENABLED: process.env.TEXTRACT_ENABLED ?? "true" };
  for (const name of OCR_SETTINGS) {
    const value = process.env[name];
    if (value) environment[name] = value;
  }
  return environment;
}

const stepFunctions = Object.entries(STEPS).map(([state, step]: [string, PipelineStep]) => {
  const environment = environmentFor(step.access, { siteUrl: router.url });
  const readsScans = step.access.includes("textract");
  if (readsScans) Object.assign(environment, readerEnvironment());
  const fn = new sst.aws.Function(`Pipeline${state}`, {
    handler: handlerPath(step.handler),
    runtime: "nodejs22.x",
    architecture: "arm64",
    timeout: `${step.timeout} seconds`,
    memory: `${step.memory} MB`,
    environment,
    link: secretsFor(step.access),
    permissions: permissionsFor(step.access),
    ...packagingFor(readsDocumentsStep(state)),
  });
  return { placeholder: step.placeholder, fn };
});

const functionArns = Object.fromEntries(stepFunctions.map(({ placeholder, fn }) => [placeholder, fn.arn]));

/** Step Functions may invoke exactly the step functions (and their versions), nothing else. */
const role = new aws.iam.Role("PipelineRole", {
  assumeRolePolicy: aws.iam.assumeRolePolicyForPrincipal({ Service: "states.amazonaws.com" }),
});
new aws.iam.RolePolicy("PipelineInvokeSteps", {
  role: role.id,
  policy: $jsonStringify({
    Version: "2012-10-17",
    Statement: [
      {
        Effect: "Allow",
        Action: ["lambda:InvokeFunction"],
        Resource: stepFunctions.flatMap(({ fn }) => [fn.arn, $interpolate`${fn.arn}:*`]),
      },
    ],
  }),
});

export const stateMachine = new aws.sfn.StateMachine("Pipeline", {
  type: "STANDARD",
  roleArn: role.arn,
  definition: $resolve(functionArns).apply((arns) => substitute(definitionText(), arns)),
});

/**
 * Where the notifications the starter could not handle go after Lambda's retries (a throttled or
 * failing StartExecution), instead of being dropped with their documents left "uploading".
 */
const startFailures = new sst.aws.Queue("PipelineStartFailures", { visibilityTimeout: `${START_FAILED.timeout * 6} seconds` });

/** The starter: one execution per uploaded document (logos are ignored by it). */
const starter = new sst.aws.Function("PipelineStarter", {
  handler: handlerPath(STARTER.handler),
  runtime: "nodejs22.x",
  architecture: "arm64",
  timeout: `${STARTER.timeout} seconds`,
  memory: `${STARTER.memory} MB`,
  environment: { ...environmentFor(STARTER.access), PIPELINE_STATE_MACHINE_ARN: stateMachine.arn },
  link: secretsFor(STARTER.access),
  permissions: [
    ...permissionsFor(STARTER.access, { stateMachineArn: stateMachine.arn }),
    { actions: ["sqs:SendMessage"], resources: [startFailures.arn] },
  ],
  ...packagingFor(false),
});

new aws.lambda.FunctionEventInvokeConfig("PipelineStarterRetries", {
  functionName: starter.name,
  maximumRetryAttempts: STARTER_RETRIES,
  maximumEventAgeInSeconds: STARTER_MAX_EVENT_AGE_SECONDS,
  destinationConfig: { onFailure: { destination: startFailures.arn } },
});
startFailures.subscribe({
  handler: handlerPath(START_FAILED.handler),
  runtime: "nodejs22.x",
  architecture: "arm64",
  timeout: `${START_FAILED.timeout} seconds`,
  memory: `${START_FAILED.memory} MB`,
  environment: environmentFor(START_FAILED.access, { siteUrl: router.url }),
  link: secretsFor(START_FAILED.access),
  permissions: permissionsFor(START_FAILED.access),
  ...packagingFor(false),
});

/** S3 "object created" under users/ -> the starter -> StartExecution. */
export const pipelineNotifications = bucket.notify({
  notifications: [{ name: "PipelineStarter", events: ["s3:ObjectCreated:*"], filterPrefix: "users/", function: starter.arn }],
});
