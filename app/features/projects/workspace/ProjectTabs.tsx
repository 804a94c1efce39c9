// The workspace's Team, Signatures and Activity tabs. The project page loads this module lazily: it
// sits below the workspace, so its code (Radix Tabs, the invite form, the signing panel) stays off the
// page's first load. The server renders it in full, and the page keeps every panel mounted.
import type { ComponentProps } from "react";
import { ActivityList } from "../../../components/teams/ActivityList";
import { SharingPanel } from "../../../components/teams/SharingPanel";
import { SignaturesPanel } from "../../../components/teams/SignaturesPanel";
import { Tabs } from "../../../components/ui/Tabs";

export default function ProjectTabs({
  sharing,
  signatures,
  activity,
}: {
  sharing: ComponentProps<typeof SharingPanel>;
  signatures: ComponentProps<typeof SignaturesPanel>;
  activity: ComponentProps<typeof ActivityList>["activity"];
}) {
  return (
    <Tabs
      label="Team, signatures and activity"
      keepMounted
      items={[
        { value: "team", label: "Team", content: <SharingPanel {...sharing} /> },
        {
          value: "signatures",
          label: `Signatures (${signatures.requests.length})`,
          content: <SignaturesPanel {...signatures} />,
        },
        { value: "activity", label: "Activity", content: <ActivityList activity={activity} /> },
      ]}
    />
  );
}
