# A one-node Slurm cluster on this machine, for tests and scripts/bench: sourced, never run.
#   slurm_start DIR   munged, slurmctld and slurmd with their key, sockets, state and a
#                     generated slurm.conf under DIR; exports SLURM_CONF; 0 when the node is up,
#                     else 1 with the reason in SLURM_WHY
#   slurm_stop        ends the three daemons (by the pids they were started with)
# Needs root (slurmd starts jobs as their user) and Debian's slurmctld, slurmd and munge.
# Ports are picked from the test's pid, so that two runs on one machine do not meet.
slurm_pids=()
slurm_start() {
	local dir=$1 host
	SLURM_WHY=""
	for b in munged slurmctld slurmd sbatch squeue; do
		command -v "$b" > /dev/null 2>&1 || [ -x "/usr/sbin/$b" ] ||
			{ SLURM_WHY="$b is not installed (scripts/install-deps installs slurmctld, slurmd, munge)"; return 1; }
	done
	[ "$(id -u)" = 0 ] || { SLURM_WHY="slurmd must run as root to start jobs, and this is uid $(id -u)"; return 1; }
	host=$(hostname -s)
	mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log"
	chmod 700 "$dir/munge"
	head -c 1024 /dev/urandom > "$dir/munge/munge.key"
	chmod 400 "$dir/munge/munge.key"
	/usr/sbin/munged --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.sock" \
		--pid-file="$dir/munge/munged.pid" --log-file="$dir/log/munged.log" \
		--seed-file="$dir/munge/seed" > "$dir/log/munged.out" 2>&1 ||
		{ SLURM_WHY="munged does not start: $(tail -1 "$dir/log/munged.log" "$dir/log/munged.out" 2>/dev/null | tr '\n' ' ')"; return 1; }
	slurm_pids+=("$(cat "$dir/munge/munged.pid")")
	local base=$(( 20000 + ($$ % 2000) * 4 ))
	cat > "$dir/slurm.conf" <<CONF
ClusterName=clings
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$base
SlurmdPort=$((base + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.sock
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
SchedulerType=sched/backfill
SwitchType=switch/none
LaunchParameters=enable_nss_slurm
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=class Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
	export SLURM_CONF="$dir/slurm.conf"
	/usr/sbin/slurmctld -i -f "$SLURM_CONF" > "$dir/log/slurmctld.out" 2>&1 ||
		{ SLURM_WHY="slurmctld does not start: $(tail -2 "$dir/log/slurmctld.log" 2>/dev/null | tr '\n' ' ')"; return 1; }
	local i
	for i in $(seq 50); do [ -s "$dir/slurmctld.pid" ] && break; sleep 0.1; done
	[ -s "$dir/slurmctld.pid" ] && slurm_pids+=("$(cat "$dir/slurmctld.pid")")
	/usr/sbin/slurmd -f "$SLURM_CONF" > "$dir/log/slurmd.out" 2>&1 ||
		{ SLURM_WHY="slurmd does not start: $(tail -2 "$dir/log/slurmd.log" 2>/dev/null | tr '\n' ' ')"; return 1; }
	for i in $(seq 50); do [ -s "$dir/slurmd.pid" ] && break; sleep 0.1; done
	[ -s "$dir/slurmd.pid" ] && slurm_pids+=("$(cat "$dir/slurmd.pid")")
	for i in $(seq 100); do
		sinfo -h -o %T 2>/dev/null | grep -qx idle && return 0
		sleep 0.2
	done
	SLURM_WHY="the node never became idle: $(sinfo -h -o '%T %E' 2>&1 | head -1); $(tail -2 "$dir/log/slurmd.log" 2>/dev/null | tr '\n' ' ')"
	return 1
}
slurm_stop() {
	local p i
	for p in "${slurm_pids[@]}"; do kill "$p" 2>/dev/null; done
	for i in $(seq 50); do
		local alive=0
		for p in "${slurm_pids[@]}"; do kill -0 "$p" 2>/dev/null && alive=1; done
		[ $alive = 0 ] && break
		sleep 0.1
	done
	for p in "${slurm_pids[@]}"; do kill -9 "$p" 2>/dev/null; done
	slurm_pids=()
}
