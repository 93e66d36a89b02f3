(** Cascade-model algebra shared by the DCM and depth proofs.

    [V x = 1 - prod_k (1 - x_k)] over lists (the one V of source 000's lemma notation,
    bounds/click.py in Python), the cascade examination product (CAS-EXAM, source 003,
    section "Cascading bandits") and the optimal cascade list (CAS-OPT, sources 003/004).

    Lists of attraction values stand for lists of items: a list [A] of K distinct items of
    the ground set with attractions [w] is a list of values with [Permutation w (A ++ RA)]
    (A is a sub-multiset of w, the rest RA not shown). *)
From Coq Require Import Reals Lra Psatz Lia List Permutation.
Import ListNotations.
Open Scope R_scope.

(** ** Definitions *)

Fixpoint prodc (x : list R) : R :=
  match x with [] => 1 | a :: t => (1 - a) * prodc t end.

Definition V (x : list R) : R := 1 - prodc x.

Fixpoint sum (x : list R) : R :=
  match x with [] => 0 | a :: t => a + sum t end.

(** [sumk K f] = f 0 + ... + f (K-1) *)
Fixpoint sumk (K : nat) (f : nat -> R) : R :=
  match K with O => 0 | S n => sumk n f + f n end.

Lemma sumk_S : forall n f, sumk (S n) f = sumk n f + f n.
Proof. reflexivity. Qed.

Lemma sumk_shift : forall n f, sumk (S n) f = f O + sumk n (fun k => f (S k)).
Proof. induction n; intros f; simpl in *. ring. rewrite IHn; simpl; ring. Qed.

Lemma sumk_scale : forall n c f, sumk n (fun k => c * f k) = c * sumk n f.
Proof. induction n; intros; simpl. ring. rewrite IHn; ring. Qed.

Lemma sumk_ext : forall n f g, (forall k, (k < n)%nat -> f k = g k) -> sumk n f = sumk n g.
Proof. induction n; intros f g H; simpl. reflexivity. rewrite (IHn f g), (H n); auto. Qed.

Lemma abel_gen : forall (v z : nat -> R) K,
  sumk K (fun i => (v i - v (S i)) * sumk (S i) z) = sumk K (fun k => v k * z k) - v K * sumk K z.
Proof. induction K. simpl; ring. rewrite !sumk_S, IHK. ring. Qed.

Lemma sumk_le : forall n f g, (forall k, (k < n)%nat -> f k <= g k) -> sumk n f <= sumk n g.
Proof. induction n; intros f g H; simpl. lra. pose proof (H n ltac:(lia)). pose proof (IHn f g ltac:(auto)). lra. Qed.

Lemma sumk_zero : forall n, sumk n (fun _ => 0) = 0.
Proof. induction n; simpl. reflexivity. rewrite IHn; ring. Qed.

Definition unit (a : R) : Prop := 0 <= a <= 1.
Definition inunit (x : list R) : Prop := Forall unit x.

(** elementwise [x >= y] (source 000: x >= y iff x_k >= y_k for every k) *)
Definition gevec (x y : list R) : Prop := Forall2 Rge x y.

(** [c ⊙ x] (elementwise product) *)
Fixpoint had (c x : list R) : list R :=
  match c, x with a :: c', b :: x' => a * b :: had c' x' | _, _ => [] end.

(** [c_1 >= c_2 >= ... >= c_K] *)
Fixpoint nonincr (c : list R) : Prop :=
  match c with
  | a :: ((b :: _) as t) => a >= b /\ nonincr t
  | _ => True
  end.

(** every value of [T] is at least every value of [RT]: T holds K most attractive items *)
Definition top (T RT : list R) : Prop := Forall (fun t => Forall (fun r => r <= t) RT) T.

(** ** Basic facts *)

Lemma V_cons : forall a x, V (a :: x) = 1 - (1 - a) * (1 - V x).
Proof. intros; unfold V; simpl; ring. Qed.

Lemma inunit_cons : forall a x, inunit (a :: x) <-> unit a /\ inunit x.
Proof. split; intros H. inversion H; auto. constructor; tauto. Qed.

Lemma prodc_unit : forall x, inunit x -> 0 <= prodc x <= 1.
Proof.
  induction x as [|a t IH]; simpl; intros H. lra.
  apply inunit_cons in H as [Ha Ht]. destruct (IH Ht). unfold unit in Ha.
  split. apply Rmult_le_pos; lra.
  assert ((1 - a) * prodc t <= 1 * 1) by (apply Rmult_le_compat; lra). lra.
Qed.

Lemma V_unit : forall x, inunit x -> 0 <= V x <= 1.
Proof. intros x H; apply prodc_unit in H; unfold V; lra. Qed.

Lemma prodc_perm : forall x y, Permutation x y -> prodc x = prodc y.
Proof.
  intros x y H; induction H; simpl.
  - reflexivity.
  - rewrite IHPermutation; reflexivity.
  - ring.
  - congruence.
Qed.

(** CAS-OPT, "in any order": V depends on a list only through its multiset of values *)
Lemma V_perm : forall x y, Permutation x y -> V x = V y.
Proof. intros; unfold V; rewrite (prodc_perm _ _ H); reflexivity. Qed.

Lemma inunit_perm : forall x y, Permutation x y -> inunit x -> inunit y.
Proof.
  intros x y P H. unfold inunit in *. rewrite Forall_forall in *.
  intros a Ha. apply H. apply Permutation_in with y; auto. apply Permutation_sym; auto.
Qed.

Lemma inunit_app : forall x y, inunit (x ++ y) -> inunit x /\ inunit y.
Proof. intros x y H; unfold inunit in *; rewrite Forall_app in H; auto. Qed.

(** [prodc] is antitone on [0,1]^K: x <= y elementwise gives prodc y <= prodc x *)
Lemma prodc_mono : forall x y, Forall2 Rle x y -> inunit x -> inunit y -> prodc y <= prodc x.
Proof.
  intros x y H; induction H as [|a b x' y' Hab Ht IH]; simpl; intros Hx Hy. lra.
  apply inunit_cons in Hx as [Ha Hx]; apply inunit_cons in Hy as [Hb Hy].
  specialize (IH Hx Hy). destruct (prodc_unit _ Hx), (prodc_unit _ Hy). unfold unit in *.
  assert ((1 - b) * prodc y' <= (1 - b) * prodc x') by (apply Rmult_le_compat_l; lra).
  assert ((1 - b) * prodc x' <= (1 - a) * prodc x') by (apply Rmult_le_compat_r; lra).
  lra.
Qed.

Lemma V_mono : forall x y, Forall2 Rle x y -> inunit x -> inunit y -> V x <= V y.
Proof. intros; unfold V; pose proof (prodc_mono x y H H0 H1); lra. Qed.

Lemma gevec_le : forall x y, gevec x y -> Forall2 Rle y x.
Proof. intros x y H; induction H; constructor; auto; lra. Qed.

(** ** Pairing: a sub-multiset of w is elementwise below some ordering of a top set *)

Lemma Forall_perm : forall (P : R -> Prop) x y, Permutation x y -> Forall P x -> Forall P y.
Proof.
  intros P x y H F; rewrite Forall_forall in *; intros a Ha; apply F.
  apply Permutation_in with y; auto; apply Permutation_sym; auto.
Qed.

Lemma min_split : forall T, T <> [] ->
  exists t T', Permutation T (t :: T') /\ Forall (fun u => t <= u) T'.
Proof.
  induction T as [|b T0 IH]; intros H. congruence.
  destruct T0 as [|b' T1].
  - exists b, []; split; auto.
  - destruct IH as [t0 [T0' [HP HF]]]; [discriminate|].
    destruct (Rle_dec b t0) as [Hle|Hgt].
    + exists b, (b' :: T1); split; auto.
      apply Forall_perm with (t0 :: T0'); [apply Permutation_sym; auto|].
      constructor; [lra|]. eapply Forall_impl; [|exact HF]. simpl; intros; lra.
    + exists t0, (b :: T0'); split.
      * apply perm_trans with (b :: t0 :: T0'); [constructor; auto|constructor].
      * constructor; [lra|auto].
Qed.

Lemma top_perm_l : forall T T' R, Permutation T T' -> top T R -> top T' R.
Proof. intros; unfold top in *; eapply Forall_perm; eauto. Qed.

Lemma top_incl_r : forall T R R', (forall r, In r R' -> In r R) -> top T R -> top T R'.
Proof.
  intros T R R' Hi H; unfold top in *; eapply Forall_impl; [|exact H].
  intros t Ht; rewrite Forall_forall in *; auto.
Qed.

Lemma pairing : forall A w RA T RT,
  Permutation w (A ++ RA) -> Permutation w (T ++ RT) -> top T RT -> length A = length T ->
  exists P, Permutation T P /\ Forall2 Rle A P.
Proof.
  induction A as [|a A' IH]; intros w RA T RT HA HT Htop Hlen.
  - destruct T; [|discriminate]. exists []; auto.
  - assert (Ha : In a w) by (apply Permutation_in with (a :: A' ++ RA);
                              [apply Permutation_sym; auto | left; auto]).
    destruct (in_dec Req_EM_T a T) as [HinT | HnT].
    + apply in_split in HinT as [T1 [T2 ->]].
      assert (HPT : Permutation (T1 ++ a :: T2) (a :: T1 ++ T2)) by
        (apply Permutation_sym, Permutation_middle).
      assert (Hw' : Permutation (A' ++ RA) ((T1 ++ T2) ++ RT)).
      { apply Permutation_cons_inv with a.
        apply perm_trans with w; [apply Permutation_sym; exact HA|].
        apply perm_trans with ((T1 ++ a :: T2) ++ RT); auto.
        change (a :: (T1 ++ T2) ++ RT) with ((a :: T1 ++ T2) ++ RT).
        apply Permutation_app_tail; auto. }
      assert (Htop' : top (T1 ++ T2) RT).
      { apply (top_perm_l _ _ _ HPT) in Htop.
        unfold top in *; inversion Htop; auto. }
      assert (Hlen' : length A' = length (T1 ++ T2)).
      { apply Permutation_length in HPT. simpl in *. lia. }
      destruct (IH (A' ++ RA) RA (T1 ++ T2) RT (Permutation_refl _) Hw' Htop' Hlen')
        as [P [HP HF]].
      exists (a :: P); split.
      * apply perm_trans with (a :: T1 ++ T2); auto.
      * constructor; [lra|auto].
    + assert (HinR : In a RT).
      { assert (In a (T ++ RT)) by (apply Permutation_in with w; auto).
        apply in_app_or in H; tauto. }
      assert (HTne : T <> []) by (intro E; subst; discriminate).
      destruct (min_split T HTne) as [t [T' [HPT HFt]]].
      apply in_split in HinR as [R1 [R2 ->]].
      assert (Hw' : Permutation (A' ++ RA) (T' ++ t :: R1 ++ R2)).
      { apply Permutation_cons_inv with a.
        apply perm_trans with w; [apply Permutation_sym; exact HA|].
        apply perm_trans with (T ++ R1 ++ a :: R2); auto.
        apply perm_trans with (a :: (T ++ R1) ++ R2).
        { rewrite (app_assoc T R1 (a :: R2)). apply Permutation_sym, Permutation_middle. }
        constructor. rewrite <- app_assoc.
        apply perm_trans with ((t :: T') ++ R1 ++ R2); [apply Permutation_app_tail; auto|].
        simpl. apply Permutation_middle. }
      assert (Htop' : top T' (t :: R1 ++ R2)).
      { apply (top_perm_l _ _ _ HPT) in Htop.
        unfold top in *. inversion Htop as [|? ? _ Hrest]; subst.
        rewrite Forall_forall in *. intros u Hu. specialize (Hrest u Hu).
        rewrite Forall_forall in *. intros r Hr. destruct Hr as [<-|Hr].
        - apply HFt; auto.
        - apply Hrest. apply in_app_or in Hr as [Hr|Hr]; apply in_or_app; simpl; tauto. }
      assert (Hlen' : length A' = length T').
      { apply Permutation_length in HPT. simpl in *. lia. }
      destruct (IH (A' ++ RA) RA T' (t :: R1 ++ R2) (Permutation_refl _) Hw' Htop' Hlen')
        as [P [HP HF]].
      exists (t :: P); split.
      * apply perm_trans with (t :: T'); auto.
      * constructor; auto.
        unfold top in Htop. rewrite Forall_forall in Htop.
        assert (Ht : In t T) by (apply Permutation_in with (t :: T');
                                 [apply Permutation_sym; auto | left; auto]).
        specialize (Htop t Ht). rewrite Forall_forall in Htop. apply Htop.
        apply in_or_app; right; left; auto.
Qed.

(** ** CAS-OPT *)

Definition below1 (x : list R) : Prop := Forall (fun a => a < 1) x.

Lemma prodc_pos : forall x, below1 x -> 0 < prodc x.
Proof.
  induction x as [|a x IH]; intros H; simpl. lra.
  inversion H; subst. apply Rmult_lt_0_compat; [lra|auto].
Qed.

(** equality case of [prodc_mono]: below 1 the product is strictly antitone *)
Lemma prodc_strict_eq : forall x y, Forall2 Rle x y -> inunit x -> inunit y -> below1 y ->
  prodc x = prodc y -> x = y.
Proof.
  intros x y H; induction H as [|a b x' y' Hab Ht IH]; intros Hx Hy Hb E. reflexivity.
  apply inunit_cons in Hx as [Ha Hx]; apply inunit_cons in Hy as [Hb' Hy]. inversion Hb as [|? ? Hb1 Hby]; subst.
  simpl in E. pose proof (prodc_mono x' y' Ht Hx Hy) as M. pose proof (prodc_pos y' Hby) as Pp.
  unfold unit in *.
  assert (Eab : a = b).
  { destruct (Rle_lt_or_eq_dec a b Hab) as [Hlt|]; auto. exfalso.
    assert ((1 - b) * prodc y' < (1 - a) * prodc y') by (apply Rmult_lt_compat_r; lra).
    assert ((1 - a) * prodc y' <= (1 - a) * prodc x') by (apply Rmult_le_compat_l; lra). lra. }
  subst b. f_equal. apply IH; auto.
  apply (Rmult_eq_reg_l (1 - a)); [exact E|lra].
Qed.

(** CAS-OPT: every ordering T' of a top-K set T maximises V(w̄|_A) over the lists A of K items, and
    when every w̄ < 1 a maximiser shows exactly the top-K attraction values *)
(*! claim CAS-OPT *)
(*! noinstance procedure claim over every L, K and w; lists of items are sub-multisets of w (Permutation w (A ++ rest)) *)
Theorem cas_opt : forall (w A RA T RT T' : list R),
  inunit w -> Permutation w (A ++ RA) -> Permutation w (T ++ RT) -> top T RT ->
  length A = length T -> Permutation T T' ->
  V A <= V T' /\ (below1 w -> V A = V T' -> Permutation A T').
Proof.
  intros w A RA T RT T' Hw HA HT Htop Hlen HT'.
  destruct (pairing A w RA T RT HA HT Htop Hlen) as [P [HP HF]].
  assert (HwA : inunit (A ++ RA)) by (eapply inunit_perm; eauto).
  assert (HwT : inunit (T ++ RT)) by (eapply inunit_perm; eauto).
  apply inunit_app in HwA as [HuA _]. apply inunit_app in HwT as [HuT _].
  assert (HuP : inunit P) by (eapply inunit_perm; eauto).
  rewrite <- (V_perm T T' HT'), (V_perm T P HP). split.
  - apply V_mono; auto.
  - intros Hb E. assert (HbP : below1 P).
    { eapply Forall_perm in Hb; [|exact HT]. apply Forall_app in Hb as [HbT _]. eapply Forall_perm; eauto. }
    unfold V in E. assert (A = P) by (apply prodc_strict_eq; auto; lra). subst P.
    apply perm_trans with T; [apply Permutation_sym; auto | auto].
Qed.

(** ** Sorting decreasingly (insertion sort), shared by DCM-L3, DCM-ORDER and OD-REWARD *)

Fixpoint insert (a : R) (s : list R) : list R :=
  match s with
  | [] => [a]
  | h :: s' => if Rle_dec h a then a :: s else h :: insert a s'
  end.

Fixpoint isort (x : list R) : list R :=
  match x with [] => [] | a :: x' => insert a (isort x') end.

Lemma insert_perm : forall a s, Permutation (a :: s) (insert a s).
Proof.
  intros a s; induction s as [|h s IH]; simpl. auto.
  destruct (Rle_dec h a). auto.
  apply perm_trans with (h :: a :: s); [constructor|]. constructor; auto.
Qed.

Lemma isort_perm : forall x, Permutation x (isort x).
Proof.
  induction x as [|a x IH]; simpl. auto.
  apply perm_trans with (a :: isort x); [constructor; auto|apply insert_perm].
Qed.

Lemma insert_nonincr : forall a s, nonincr s -> nonincr (insert a s).
Proof.
  intros a s; induction s as [|h s IH]; intros H; simpl. auto.
  destruct (Rle_dec h a) as [Hle|Hgt].
  - simpl. split; [lra|exact H].
  - assert (Hs : nonincr s) by (destruct s; simpl in *; tauto).
    specialize (IH Hs). destruct s as [|h' s']; simpl in *.
    + split; [lra|auto].
    + destruct (Rle_dec h' a); simpl in *; split; try lra; tauto.
Qed.

Lemma isort_nonincr : forall x, nonincr (isort x).
Proof. induction x; simpl; auto. apply insert_nonincr; auto. Qed.

Lemma nonincr_all : forall a s, nonincr (a :: s) -> Forall (fun b => b <= a) s.
Proof.
  intros a s; revert a; induction s as [|h s IH]; intros a H; constructor.
  - simpl in H; lra.
  - simpl in H. destruct H as [H1 H2]. specialize (IH h H2).
    eapply Forall_impl; [|exact IH]. simpl; intros; lra.
Qed.

Lemma nonincr_tail : forall a s, nonincr (a :: s) -> nonincr s.
Proof. intros a [|b s]; simpl; tauto. Qed.

(** a non-increasing list is determined by its multiset *)
Lemma nonincr_perm_eq : forall s t, Permutation s t -> nonincr s -> nonincr t -> s = t.
Proof.
  induction s as [|a s IH]; intros t HP Hs Ht.
  - apply Permutation_nil in HP; auto.
  - destruct t as [|b t]. apply Permutation_sym, Permutation_nil in HP; discriminate.
    assert (Hab : a = b).
    { assert (Ha : In a (b :: t)) by (apply Permutation_in with (a :: s); auto; left; auto).
      assert (Hb : In b (a :: s)) by (apply Permutation_in with (b :: t);
                                     [apply Permutation_sym; auto|left; auto]).
      pose proof (nonincr_all a s Hs) as Fa; pose proof (nonincr_all b t Ht) as Fb.
      rewrite Forall_forall in Fa, Fb.
      destruct Ha as [Ha|Ha]; destruct Hb as [Hb|Hb]; try lra.
      specialize (Fa b Hb); specialize (Fb a Ha); lra. }
    subst b. f_equal. apply IH.
    + eapply Permutation_cons_inv; eauto.
    + eapply nonincr_tail; eauto.
    + eapply nonincr_tail; eauto.
Qed.

Lemma had_unit : forall c x, inunit c -> inunit x -> inunit (had c x).
Proof.
  induction c as [|a c IH]; intros [|b x] Hc Hx; simpl; try constructor.
  - apply inunit_cons in Hc as [Ha _]; apply inunit_cons in Hx as [Hb _]; unfold unit in *.
    split; [apply Rmult_le_pos; lra|]. assert (a * b <= 1 * 1) by (apply Rmult_le_compat; lra). lra.
  - apply IH; [apply inunit_cons in Hc|apply inunit_cons in Hx]; tauto.
Qed.

(** ** Independent Bernoulli outcomes (exact expectations over {0,1}^K) *)

(** [Ebern q f] = E[f(b)] for independent b_k ~ Ber(q_k): the sum over all 2^K outcomes *)
Fixpoint Ebern (q : list R) (f : list bool -> R) : R :=
  match q with
  | [] => f []
  | a :: q' => a * Ebern q' (fun b => f (true :: b)) + (1 - a) * Ebern q' (fun b => f (false :: b))
  end.

Lemma Ebern_ext : forall q f g, (forall b, f b = g b) -> Ebern q f = Ebern q g.
Proof.
  induction q as [|a q IH]; intros f g H; simpl. auto.
  rewrite (IH (fun b => f (true :: b)) (fun b => g (true :: b))) by auto.
  rewrite (IH (fun b => f (false :: b)) (fun b => g (false :: b))) by auto. reflexivity.
Qed.

Lemma Ebern_const : forall q c, Ebern q (fun _ => c) = c.
Proof. induction q as [|a q IH]; intros c; simpl. auto. rewrite !IH; ring. Qed.

Lemma Ebern_scale : forall q k f, Ebern q (fun b => k * f b) = k * Ebern q f.
Proof.
  induction q as [|a q IH]; intros k f; simpl. auto.
  rewrite (IH k (fun b => f (true :: b))), (IH k (fun b => f (false :: b))). ring.
Qed.

Lemma Ebern_plus : forall q f g, Ebern q (fun b => f b + g b) = Ebern q f + Ebern q g.
Proof.
  induction q as [|a q IH]; intros f g; simpl. auto.
  rewrite (IH (fun b => f (true :: b))), (IH (fun b => f (false :: b))). ring.
Qed.

(** cascade scan: 1 if no item among the first i positions attracts the user (position i+1 is
    examined), else 0 *)
Fixpoint examined (i : nat) (att : list bool) : R :=
  match i, att with
  | S i', b :: t => if b then 0 else examined i' t
  | _, _ => 1
  end.

(** CAS-EXAM (source 003, 'Cascading bandits'): with independent attractions att_j ~ Ber(w̄(a_j)),
    P(position i+1 examined) = ∏_{j<=i}(1 − w̄(a_j)), for every K and every position *)
(*! claim CAS-EXAM *)
(*! noinstance procedure claim over every K and position; the examination event is the cascade scan over the 2^K attraction outcomes *)
Theorem cas_exam : forall (w : list R) (i : nat), (i <= length w)%nat ->
  Ebern w (examined i) = prodc (firstn i w).
Proof.
  induction w as [|a w IH]; intros i Hi.
  - destruct i; simpl; reflexivity.
  - destruct i as [|i].
    + simpl. rewrite !Ebern_const. ring.
    + simpl. rewrite Ebern_const, IH by (simpl in Hi; lia). ring.
Qed.


(** ** Sums over prefixes and elementwise products *)

Lemma sum_firstn : forall l n, sum (firstn n l) = sumk n (fun k => nth k l 0).
Proof.
  induction l as [|a l IH]; intros n.
  - rewrite firstn_nil. simpl. rewrite (sumk_ext n _ (fun _ => 0)), sumk_zero; auto.
    intros [|k] _; reflexivity.
  - destruct n as [|n]. reflexivity.
    rewrite sumk_shift. simpl. rewrite IH. reflexivity.
Qed.

Lemma sum_had : forall P th, length P = length th ->
  sum (had P th) = sumk (length P) (fun k => nth k P 0 * nth k th 0).
Proof.
  induction P as [|p P IH]; intros [|t th] H; simpl in H; try discriminate. reflexivity.
  injection H as H. change (length (p :: P)) with (S (length P)). rewrite sumk_shift.
  cbn [had sum]. rewrite IH by auto. reflexivity.
Qed.
