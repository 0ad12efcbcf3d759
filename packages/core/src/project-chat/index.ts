import { randomUUID } from "node:crypto";
import { clip } from "../ai/lexical";
import { dynamoStatusStore } from "../ai/status";
import { config } from "../config";
import { Contact } from "../contact/index";
import { Customer } from "../customer/index";
import { Invalid } from "../error";
import { parseInput } from "../fn";
import { Project } from "../project/index";
import { ProjectQuotes } from "../quote/project-quotes";
import { configuredEmbedder, semanticRanking } from "../search/embeddings";
import { Search, type LoadedIndex, type SemanticRanking } from "../search/index";
import { answerWithSources, type AnswerContext, type AnswerDeps, type ChatAnswer } from "./answer";
import { placeholderAnswer, writeLive, type Emit, type LiveAnswer } from "../chat/live";
import { STREAM_WRITING_SECONDS } from "../chat/limits";
import { STREAM_EVENTS } from "../chat/stored";
import { Conversation } from "../conversation/index";
import { contactFacts, customerFacts, projectFacts } from "./context";
import { ChatHistory, type HistoryPage, type Scope } from "./history";
import { AllProjectsChatInput, ProjectChatInput, type ChatMessage, type ChatReply } from "./schema";

/** Chunks retrieved per question: the model reads the best 8, the offline model quotes the best 3. */
const RETRIEVED = 12;
/** Projects described to the all-projects chat, newest first. */
const MAX_PROJECT_FACTS = 100;

const defaultDeps = (): AnswerDeps => ({ config: config(), store: dynamoStatusStore });

/** Embeddings join BM25 when a configured provider offers them. */
function semanticFor(deps: AnswerDeps): SemanticRanking | undefined {
  const embedder = configuredEmbedder(deps.config);
  return embedder ? semanticRanking(embedder) : undefined;
}

function retrievalStats(indexes: LoadedIndex[], searchMs: number) {
  return {
    documents: indexes.reduce((sum, i) => sum + i.documents.length, 0),
    chunks: indexes.reduce((sum, i) => sum + i.chunkCount, 0),
    searchMs: Math.round(searchMs * 10) / 10,
    loadMs: indexes.reduce((max, i) => Math.max(max, i.loadMs), 0),
  };
}

/** The spec's message ids are timestamp-based; the suffix keeps two in the same millisecond apart. */
const messageId = (at: string) => `${Date.parse(at)}-${randomUUID().slice(0, 6)}`;

async function record(conversationId: string, question: string, asked: string, answer: ChatAnswer) {
  const answeredAt = new Date().toISOString();
  const messages: ChatMessage[] = [
    { id: messageId(asked), type: "user", content: question, timestamp: asked },
    {
      id: messageId(answeredAt),
      type: "ai",
      content: answer.response,
      timestamp: answeredAt,
      citations: answer.citations,
      model: answer.model,
    },
  ];
  await ChatHistory.append(conversationId, messages);
  return { messages, answeredAt };
}

/**
 * Both chats end the same way: the model (or the offline model) answers from the
 * retrieved passages and the records, the exchange joins the conversation, and
 * the indexes finish saving.
 */
async function answerAndRecord(
  run: {
    conversation: { id: string; messages: ChatMessage[] };
    retrieval: { hits: AnswerContext["hits"]; indexes: LoadedIndex[]; searchMs: number };
    asked: string;
    deadline: number;
    deps: AnswerDeps;
  },
  context: Pick<AnswerContext, "question" | "facts" | "scope" | "projectNames">,
): Promise<ChatReply> {
  const { conversation, retrieval, asked } = run;
  const stats = retrievalStats(retrieval.indexes, retrieval.searchMs);
  const answer = await answerWithSources(
    { ...context, history: conversation.messages, hits: retrieval.hits, documentCount: stats.documents },
    run.deadline,
    run.deps,
  );
  const [{ messages, answeredAt }] = await Promise.all([
    record(conversation.id, context.question, asked, answer),
    ...retrieval.indexes.map((i) => i.saved),
  ]);
  return { ...answer, conversationId: conversation.id, messages, timestamp: answeredAt, retrieval: stats };
}

/** The offline model answered because the configured models failed (their reasons are the notes): not the user's question to pay for. */
export const modelFailed = (reply: Pick<ChatReply, "offline" | "notes">) => reply.offline && reply.notes.length > 0;

/**
 * Both chats, streamed: the question and a placeholder answer are stored first
 * (start), the retrieval and the answer follow, and the server stores the answer
 * however it ends (see writeLive).
 */
async function streamAndRecord(
  run: { scope: Scope; question: string; deps: AnswerDeps; emit: Emit },
  gather: () => Promise<{
    retrieval: { hits: AnswerContext["hits"]; indexes: LoadedIndex[]; searchMs: number };
    context: Pick<AnswerContext, "facts" | "scope" | "projectNames">;
  }>,
) {
  const { emit } = run;
  const asked = new Date().toISOString();
  // Retrieval starts at once, beside finding the conversation: the first word waits for neither in turn.
  const gathering = gather();
  // Awaited (and reported) by generate; a conversation that cannot be found must not leave it unhandled.
  gathering.catch(() => {});
  const conversation = await ChatHistory.ensure(run.scope);
  const question = { id: messageId(asked), type: "user" as const, content: run.question, timestamp: asked };
  const placeholder = placeholderAnswer(messageId(asked), asked);
  return writeLive({
    listType: "projects",
    answerId: placeholder.id,
    store: async () => {
      const stored = await Conversation.appendMessages({ listType: "projects", id: conversation.id, messages: [question, placeholder] });
      emit(STREAM_EVENTS.start, { conversationId: conversation.id, version: stored.version, question, answer: placeholder });
      return conversation.id;
    },
    emit,
    generate: async (live, signal) => {
      const { retrieval, context } = await gathering;
      const stats = retrievalStats(retrieval.indexes, retrieval.searchMs);
      const deadline = Date.now() + STREAM_WRITING_SECONDS * 1000;
      const answer = await answerWithSources(
        { ...context, question: run.question, history: conversation.messages, hits: retrieval.hits, documentCount: stats.documents },
        deadline,
        run.deps,
        { live, signal },
      );
      await Promise.all(retrieval.indexes.map((i) => i.saved));
      return { ...answer, retrieval: stats, timestamp: new Date().toISOString() };
    },
    fields: (reply) => ({ citations: reply.citations, model: reply.model }),
    failedForModel: (reply) => modelFailed(reply),
  });
}

export namespace ProjectChat {
  /**
   * Answers a question about one of the caller's projects from its record, its
   * customer and contact, its quotes and its documents' best passages, with
   * citations; the question and the answer join the project's conversation.
   */
  export async function send(projectId: number, input: ProjectChatInput, deps: AnswerDeps = defaultDeps()): Promise<ChatReply> {
    const asked = new Date().toISOString();
    const deadline = Date.now() + deps.config.CHAT_DEADLINE_MS;
    const { message, project, scope } = await checked(projectId, input);
    const [gathered, conversation] = await Promise.all([gather(project, message, deps), ChatHistory.ensure(scope)]);
    return answerAndRecord(
      { conversation, retrieval: gathered.retrieval, asked, deadline, deps },
      { question: message, ...gathered.context },
    );
  }

  /** The same answer streamed as it is written and stored by the server; checked before anything counts. */
  export async function open(projectId: number, input: ProjectChatInput, deps: AnswerDeps = defaultDeps()): Promise<LiveAnswer> {
    const { message, project, scope } = await checked(projectId, input);
    return { run: (emit) => streamAndRecord({ scope, question: message, deps, emit }, () => gather(project, message, deps)) };
  }

  async function checked(projectId: number, input: ProjectChatInput) {
    const { message, projectId: bodyProjectId } = parseInput(ProjectChatInput, input);
    if (bodyProjectId !== undefined && bodyProjectId !== projectId) throw new Invalid("projectId does not match the project in the path");
    // 404 for a project that is not the caller's, before anything else is read.
    const project = await Project.getWithLinks(projectId);
    const scope: Scope = { kind: "project", projectId, projectName: project.name };
    return { message, project, scope };
  }

  /** The project's best passages for the question, and its records. */
  async function gather(project: Awaited<ReturnType<typeof Project.getWithLinks>>, message: string, deps: AnswerDeps) {
    const [retrieval, listed] = await Promise.all([
      Search.inProject(project.id, message, RETRIEVED, semanticFor(deps)),
      ProjectQuotes.list(project.id),
    ]);
    const records = [...listed.quotes, ...listed.records];
    const facts = projectFacts(project, project.customer, project.contact, records, retrieval.indexes[0]!.documents);
    return { retrieval, context: { facts, scope: "this project's documents and records" } };
  }

  /** A page of the project's chat history, the latest by default (empty before the first question). */
  export async function conversation(projectId: number, page: HistoryPage = {}) {
    const project = await Project.get(projectId);
    return ChatHistory.messages({ kind: "project", projectId, projectName: project.name }, page);
  }
}

export namespace AllProjectsChat {
  /**
   * The same across all the caller's projects: every project's record and the
   * best passages of all their documents; the history is the conversation titled
   * 'All Projects Chat'.
   */
  export async function send(input: AllProjectsChatInput, deps: AnswerDeps = defaultDeps()): Promise<ChatReply> {
    const asked = new Date().toISOString();
    const deadline = Date.now() + deps.config.CHAT_DEADLINE_MS;
    const message = checked(input);
    const [gathered, conversation] = await Promise.all([gather(message, deps), ChatHistory.ensure({ kind: "all" })]);
    return answerAndRecord(
      { conversation, retrieval: gathered.retrieval, asked, deadline, deps },
      { question: message, ...gathered.context },
    );
  }

  /** The same answer streamed as it is written and stored by the server; checked before anything counts. */
  export async function open(input: AllProjectsChatInput, deps: AnswerDeps = defaultDeps()): Promise<LiveAnswer> {
    const message = checked(input);
    return { run: (emit) => streamAndRecord({ scope: { kind: "all" }, question: message, deps, emit }, () => gather(message, deps)) };
  }

  function checked(input: AllProjectsChatInput): string {
    return parseInput(AllProjectsChatInput, input).message;
  }

  /** Every project's record and the best passages of all their documents. */
  async function gather(message: string, deps: AnswerDeps) {
    const [projects, customers, contacts] = await Promise.all([Project.list(), Customer.list(), Contact.list()]);
    const retrieval = await Search.acrossProjects(
      projects.map((p) => p.id),
      message,
      RETRIEVED,
      semanticFor(deps),
    );
    const projectNames = new Map(projects.map((p) => [p.id, p.name]));
    const documentsOf = new Map(retrieval.indexes.map((i) => [i.projectId, i.documents]));
    const customerById = new Map(customers.map((c) => [c.id, c]));
    const contactById = new Map(contacts.map((c) => [c.id, c]));

    const facts = projects.slice(0, MAX_PROJECT_FACTS).map((p) => {
      const customer = p.customerId !== undefined ? customerById.get(p.customerId) : undefined;
      const contact = p.contactId !== undefined ? contactById.get(p.contactId) : undefined;
      const documents = documentsOf.get(p.id) ?? [];
      const parts = [
        ...projectFacts({ ...p, description: p.description ? clip(p.description, 200) : undefined }).map((f) =>
          f.replace(/^Project: /, ""),
        ),
        ...customerFacts(customer).slice(0, 1),
        ...contactFacts(contact).slice(0, 1),
        documents.length ? `documents: ${documents.map((d) => d.fileName).join(", ")}` : "no processed documents",
      ];
      return `Project #${p.id}: ${parts.join("; ")}`;
    });
    if (projects.length > MAX_PROJECT_FACTS) facts.push(`…and ${projects.length - MAX_PROJECT_FACTS} older projects.`);
    if (projects.length === 0) facts.push("The user has no projects yet.");

    return { retrieval, context: { facts, scope: "your projects' documents and records", projectNames } };
  }
}
