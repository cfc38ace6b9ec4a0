/** The rules the appeals decider enforces that are Arbitra's own (profile rules cite their texts in appeal-profile.ts). */
export const APPEAL_RULES = {
  lodgeOnce: 'Arbitra appeals: an appeal id is lodged once; nothing in it is ever edited',
  notLodged: 'Arbitra appeals: every step follows a lodged appeal',
  appellant: 'Arbitra appeals: a player appeals in their own name; a captain or representative names the player they act for',
  onBehalf:
    'Arbitra appeals: a player lodges only in their own name; a captain or representative appeal is lodged by the chief arbiter on their behalf (recorded)',
  party: 'Arbitra appeals: the appeal defends a player the contested decision concerns',
  decision: 'Arbitra appeals: an appeal contests a recorded ruling, penalty, result, challenge adjudication or pairing, named by its event id',
  grounds: 'Arbitra appeals: a written appeal states its grounds and the remedy sought',
  lateChief: 'Arbitra appeals: only the chief arbiter accepts a late appeal, with a recorded reason',
  notLate: 'Arbitra appeals: a late acceptance is for an appeal lodged after its deadline',
  order: 'Arbitra appeals: acknowledged → committee formed → statements → hearing scheduled → hearing held → decision → final',
  members: 'Arbitra appeals: each member sits once',
  independence: 'Arbitra appeals: no committee member is a party to the contested decision or involved in it',
  officials: 'Arbitra appeals: the appeal is run by the tournament officials and its committee',
  votes: 'Arbitra appeals: every committee member votes once; the majority of votes cast carries the outcome',
  remedies: 'Arbitra appeals: an upheld or varied appeal orders at least one remedy; a dismissed appeal orders none',
  rePair: 'Arbitra appeals: only a next round not yet published or played can be re-paired',
  committeeDecides: 'Arbitra appeals: the decision is recorded by a committee member',
  references: 'Arbitra appeals: evidence refers to recorded events by their ids',
} as const;
