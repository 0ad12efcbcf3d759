import { MessagesSquare } from "lucide-react";
import { Page, PageHeading } from "@/components/layout/Page";
import { Placeholder } from "@/components/layout/Placeholder";
import { PRODUCT_NAME } from "@/lib/product";

/** /chat: the general AI chat workspace (spec doc 1 §2). Its content is built in its own issue. */
export function ChatPage() {
  return (
    <Page width="wide">
      <PageHeading title={`${PRODUCT_NAME} Chat`} description="Ask one model or all of them at once." />
      <div className="mt-8">
        <Placeholder
          icon={MessagesSquare}
          title="The chat workspace is on its way"
          text="Conversations, model choice and research mode will appear here."
        />
      </div>
    </Page>
  );
}
