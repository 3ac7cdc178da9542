# grading/k8s: the manifests parse (PyYAML) as an Indexed Job with a read-only root, no
# privileges, no service account token and a policy of no network, and a merge Job; the graders'
# own command line, taken from the manifest, grades a class shard by shard as the pods would
# (JOB_COMPLETION_INDEX from 0 to SHARDS-1, the paths mapped onto this checkout), and the merge
# Job's command joins them. No cluster runs here: what Kubernetes does with the pods is not tested.
. tests/lib.sh
python3 -c 'import yaml' 2> /dev/null || skip_all "python3-yaml is missing"
sed 's/@SHARDS@/3/g; s/@PARALLEL@/2/g' grading/k8s/grade-class.yaml > "$TMP/grade.yaml"
python3 - "$TMP/grade.yaml" grading/k8s/merge-class.yaml > "$TMP/cmd" 2> "$TMP/err" <<'PY' || fail "manifests: $(cat "$TMP/err")"
import sys, yaml
job, policy = yaml.safe_load_all(open(sys.argv[1]))
merge = yaml.safe_load(open(sys.argv[2]))
s = job["spec"]
assert job["kind"] == "Job" and s["completionMode"] == "Indexed" and s["completions"] == 3 and s["parallelism"] == 2, s
pod = s["template"]["spec"]
c = pod["containers"][0]
assert c["securityContext"]["readOnlyRootFilesystem"] is True, "the root is not read-only"
assert c["securityContext"]["allowPrivilegeEscalation"] is False and c["securityContext"]["capabilities"]["drop"] == ["ALL"]
assert pod["securityContext"]["runAsNonRoot"] is True and pod["automountServiceAccountToken"] is False
mounts = {m["mountPath"]: m for m in c["volumeMounts"]}
assert mounts["/class"]["readOnly"] is True and "/tmp" in mounts and "/results" in mounts
assert {e["name"]: e.get("value") for e in c["env"]}["CLINGS_SHARDS"] == "3"
assert policy["kind"] == "NetworkPolicy" and set(policy["spec"]["policyTypes"]) == {"Ingress", "Egress"}
assert "ingress" not in policy["spec"] and "egress" not in policy["spec"], "the policy lets traffic through"
assert "clings-grade" in policy["spec"]["podSelector"]["matchExpressions"][0]["values"]
m = merge["spec"]["template"]["spec"]["containers"][0]
assert merge["kind"] == "Job" and m["securityContext"]["readOnlyRootFilesystem"] is True
assert "JOB_COMPLETION_INDEX" in c["args"][0]
# the course by name: a clings.ini found above the pod's folder never chooses it
assert "clings --course /opt/clings grade" in c["args"][0], "the grade pods do not name the course"
assert m["command"][1:3] == ["--course", "/opt/clings"], "the merge pod does not name the course"
print(c["args"][0])
print(" ".join(m["command"]))
PY
ok "the manifests: an Indexed Job of 3, read-only root, no privileges, no token, no network, and a merge Job, both naming the course"
class=$TMP/class
mkdir -p "$class/a" "$class/b" "$class/c" "$class/d"
for s in a c; do cp solutions/scale.cl "$class/$s/"; done
grep -v '^// expect: ' wrong/scale/no_guard.cl > "$class/b/scale.cl"
# The pod's paths onto this machine: /opt/clings is this checkout, /class and /results are TMP's.
map() { sed "s#/opt/clings/clings#$CLINGS#g; s#/opt/clings#$PWD#g; s#/class#$class#g; s#/results#$TMP/results#g"; }
grade=$(sed -n 1p "$TMP/cmd" | map)
for i in 0 1 2; do
	JOB_COMPLETION_INDEX=$i CLINGS_SHARDS=3 CLINGS_JOBS=1 POCL_CACHE_DIR=$TMP/pocl CLINGS_GRADE_SECRET=k8s \
		sh -c "$grade --exercises scale" > /dev/null 2> "$TMP/err$i" || fail "pod $i: $(tail -2 "$TMP/err$i")"
done
ls "$TMP/results"/clings-shard-{0,1,2}-of-3.json > /dev/null && ok "the pods' command grades shards 0, 1 and 2 of 3" || fail "$(ls "$TMP/results")"
$(sed -n 2p "$TMP/cmd" | map) 2> "$TMP/merr" || fail "merge: $(cat "$TMP/merr")"
jq -e '.incomplete == false and .shards == 3 and ([.students[] | select(.graded)] | length) == 4' "$TMP/results/class.json" > /dev/null &&
	ok "the merge Job's command joins them: 4 students graded" || fail "class.json: $(jq -c . "$TMP/results/class.json" | head -c 300)"
