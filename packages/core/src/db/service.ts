import { Service } from "electrodb";
import { AiStatusEntity } from "../ai/entity";
import {
  BillingCustomerEntity,
  BillingEventEntity,
  TestClockEntity,
  TestCustomerEntity,
  TestIntentEntity,
  TestInvoiceEntity,
  TestSubscriptionEntity,
} from "../billing/entity";
import { ContactEntity } from "../contact/entity";
import { ConversationEntity, MessageEntity, PostingEntity, SearchTextEntity, ShareEntity } from "../conversation/entity";
import { CustomerEntity } from "../customer/entity";
import { DocumentEntity } from "../document/entity";
import { InAppNotificationEntity, PushSubscriptionEntity } from "../notify/entity";
import { ProjectEntity } from "../project/entity";
import { AnswerSlotsEntity } from "../chat/slot-entity";
import { ChatLinkEntity } from "../project-chat/entity";
import { PendingUploadEntity, UsageCountEntity } from "../quota/entity";
import { QuoteCorrectionEntity } from "../quote/correction-entity";
import { QuoteEntity } from "../quote/entity";
import { QuoteMemoryEntity } from "../quote/memory-entity";
import { SavedLevelingEntity } from "../quote/leveling-entity";
import { RateLimitCounterEntity } from "../ratelimit/entity";
import { SettingsEntity } from "../settings/entity";
import { SupportRequestEntity } from "../support/entity";
import { UsageEventEntity } from "../usage/entity";
import { PlanChangeEntity, UserEntity } from "../user/entity";
import { SalesforceAuthStateEntity, SalesforceConnectionEntity } from "../crm/entity";
import { Dynamo } from "./client";
import { CounterEntity } from "./counter";

/**
 * Every entity of the one table, in one ElectroDB Service: a transaction may span any of them
 * (a customer and its contacts, a document and its quote). A new entity is added here.
 */
export const Domain = new Service(
  {
    user: UserEntity,
    planChange: PlanChangeEntity,
    salesforceConnection: SalesforceConnectionEntity,
    salesforceAuthState: SalesforceAuthStateEntity,
    settings: SettingsEntity,
    counter: CounterEntity,
    rateLimitCounter: RateLimitCounterEntity,
    answerSlots: AnswerSlotsEntity,
    usageCount: UsageCountEntity,
    pendingUpload: PendingUploadEntity,
    aiStatus: AiStatusEntity,
    billingEvent: BillingEventEntity,
    billingCustomer: BillingCustomerEntity,
    testCustomer: TestCustomerEntity,
    testSubscription: TestSubscriptionEntity,
    testInvoice: TestInvoiceEntity,
    testIntent: TestIntentEntity,
    testClock: TestClockEntity,
    supportRequest: SupportRequestEntity,
    customer: CustomerEntity,
    contact: ContactEntity,
    project: ProjectEntity,
    document: DocumentEntity,
    quote: QuoteEntity,
    correction: QuoteCorrectionEntity,
    quoteMemory: QuoteMemoryEntity,
    savedLeveling: SavedLevelingEntity,
    conversation: ConversationEntity,
    message: MessageEntity,
    posting: PostingEntity,
    share: ShareEntity,
    searchText: SearchTextEntity,
    chatLink: ChatLinkEntity,
    inAppNotification: InAppNotificationEntity,
    pushSubscription: PushSubscriptionEntity,
    usageEvent: UsageEventEntity,
  },
  { client: Dynamo.client(), table: Dynamo.table() },
);
