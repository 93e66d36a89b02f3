(** DCM bandits (source 000_0b27131c69d8f24c.txt): the telescoping identity DCM-TEL,
    Lemmas 1-4 (slides '準備:2つの簡単な補題', '準備:一般形の上限を示すための補題',
    '準備:下限を示すための補題'), DCM-ORDER, the Abel summation of Theorem 2 and the
    per-round chains of Theorems 1 and 3, for every K (lists, induction on K). *)
From Coq Require Import Reals Lra Psatz Lia List Permutation.
From Clickbound Require Import Cascade.
Import ListNotations.
Open Scope R_scope.

(** ** DCM-TEL *)

(** the DCM-TEL weight of (0-based) position k: prod_{j<k}(1 - y_j) prod_{j>k}(1 - x_j) *)
Definition tel_weight (x y : list R) (k : nat) : R :=
  prodc (firstn k y) * prodc (skipn (S k) x).

Fixpoint telr (x y : list R) : R :=
  match x, y with
  | a :: x', b :: y' => (a - b) * prodc x' + (1 - b) * telr x' y'
  | _, _ => 0
  end.


Lemma telr_V : forall x y, length x = length y -> V x - V y = telr x y.
Proof.
  induction x as [|a x IH]; intros [|b y] H; simpl in *; try discriminate.
  - unfold V; simpl; ring.
  - injection H as H. rewrite <- (IH y H). unfold V; simpl; ring.
Qed.

Lemma telr_sumk : forall x y, length x = length y ->
  telr x y = sumk (length x) (fun k => (nth k x 0 - nth k y 0) * tel_weight x y k).
Proof.
  induction x as [|a x IH]; intros [|b y] H; try discriminate. reflexivity.
  injection H as H. change (length (a :: x)) with (S (length x)). rewrite sumk_shift.
  cbn [telr]. rewrite (IH y H), <- sumk_scale. f_equal.
  - unfold tel_weight; cbn [nth firstn skipn prodc]. ring.
  - apply sumk_ext; intros k _. unfold tel_weight; cbn [nth firstn skipn prodc]. ring.
Qed.

(*! claim DCM-TEL DCM-TEL[K=1] DCM-TEL[K=2] DCM-TEL[K=3] DCM-TEL[K=4] DCM-TEL[K=5] DCM-TEL[K=6] *)
(*! args x* y* *)
Theorem dcm_tel : forall x y : list R, length x = length y ->
  V x - V y = sumk (length x) (fun k => (nth k x 0 - nth k y 0) *
                   (prodc (firstn k y) * prodc (skipn (S k) x))).
Proof. intros x y H. rewrite telr_V, telr_sumk; auto. Qed.

(** ** Lemma 1 *)

Lemma gevec_length : forall x y, gevec x y -> length x = length y.
Proof. intros x y H; induction H; simpl; auto. Qed.

(*! claim DCM-L1 DCM-L1[K=1] DCM-L1[K=2] DCM-L1[K=3] DCM-L1[K=4] DCM-L1[K=5] DCM-L1[K=6] *)
(*! args x* y* *)
Theorem dcm_lemma1 : forall x y : list R,
  inunit x -> inunit y -> gevec x y -> V x - V y <= sum x - sum y.
Proof.
  intros x y Hx Hy H. induction H as [|a b x' y' Hab Ht IH].
  - unfold V; simpl; lra.
  - apply inunit_cons in Hx as [Ha Hx]; apply inunit_cons in Hy as [Hb Hy].
    specialize (IH Hx Hy). unfold V in *; simpl.
    pose proof (prodc_mono y' x' (gevec_le _ _ Ht) Hy Hx).
    destruct (prodc_unit _ Hx), (prodc_unit _ Hy). unfold unit in *.
    assert ((1 - b) * (prodc y' - prodc x') <= prodc y' - prodc x')
      by (assert (0 <= b * (prodc y' - prodc x')) by (apply Rmult_le_pos; lra); nra).
    assert ((a - b) * prodc x' <= a - b) by nra.
    nra.
Qed.

(** ** Lemma 2 *)

Definition inbox (p : R) (x : list R) : Prop := Forall (fun z => 0 <= z <= p) x.

Lemma inbox_unit : forall p x, p <= 1 -> inbox p x -> inunit x.
Proof. intros p x Hp H; eapply Forall_impl; [|exact H]; unfold unit; simpl; intros; lra. Qed.

Lemma prodc_lower : forall p x, 0 <= p <= 1 -> inbox p x -> (1 - p) ^ length x <= prodc x.
Proof.
  intros p x Hp H; induction H as [|a x Ha Hx IH]; simpl. lra.
  assert (0 <= (1 - p) ^ length x) by (apply pow_le; lra).
  apply Rmult_le_compat; lra.
Qed.

Lemma l2_aux : forall p x y, 0 <= p <= 1 -> inbox p x -> inbox p y -> gevec x y ->
  (1 - p) ^ length x * (sum x - sum y) <= (1 - p) * (prodc y - prodc x).
Proof.
  intros p x y Hp Hx Hy H. induction H as [|a b x' y' Hab Ht IH]; simpl. lra.
  inversion Hx as [|? ? Ha Hx']; inversion Hy as [|? ? Hb Hy']; subst.
  specialize (IH Hx' Hy').
  pose proof (prodc_lower p x' Hp Hx').
  pose proof (prodc_mono y' x' (gevec_le _ _ Ht) (inbox_unit p y' (proj2 Hp) Hy')
                (inbox_unit p x' (proj2 Hp) Hx')) as Hm.
  assert (0 <= (1 - p) ^ length x') by (apply pow_le; lra).
  assert (Hs : (1 - p) * (prodc y' - prodc x') <= (1 - b) * (prodc y' - prodc x'))
    by (apply Rmult_le_compat_r; lra).
  assert ((1 - p) ^ length x' * (a - b) <= prodc x' * (a - b))
    by (apply Rmult_le_compat_r; lra).
  assert (0 <= 1 - p) by lra.
  assert ((1 - p) * ((1 - p) ^ length x' * (sum x' - sum y'))
          <= (1 - p) * ((1 - b) * (prodc y' - prodc x'))).
  { apply Rmult_le_compat_l; lra. }
  assert ((1 - p) * ((1 - p) ^ length x' * (a - b)) <= (1 - p) * (prodc x' * (a - b)))
    by (apply Rmult_le_compat_l; lra).
  nra.
Qed.

(*! claim DCM-L2 DCM-L2[K=1] DCM-L2[K=2] DCM-L2[K=3] DCM-L2[K=4] DCM-L2[K=5] DCM-L2[K=6] *)
(*! args p x* y* *)
Theorem dcm_lemma2 : forall (p : R) (x y : list R),
  0 <= p <= 1 -> inbox p x -> inbox p y -> gevec x y ->
  (1 - p) ^ (length x - 1) * (sum x - sum y) <= V x - V y.
Proof.
  intros p x y Hp Hx Hy H. destruct H as [|a b x' y' Hab Ht]; simpl. unfold V; simpl; lra.
  inversion Hx as [|? ? Ha Hx']; inversion Hy as [|? ? Hb Hy']; subst.
  rewrite Nat.sub_0_r.
  pose proof (l2_aux p x' y' Hp Hx' Hy' Ht).
  pose proof (prodc_lower p x' Hp Hx').
  pose proof (prodc_mono y' x' (gevec_le _ _ Ht) (inbox_unit p y' (proj2 Hp) Hy')
                (inbox_unit p x' (proj2 Hp) Hx')) as Hm.
  assert ((1 - p) * (prodc y' - prodc x') <= (1 - b) * (prodc y' - prodc x'))
    by (apply Rmult_le_compat_r; lra).
  assert ((1 - p) ^ length x' * (a - b) <= prodc x' * (a - b))
    by (apply Rmult_le_compat_r; lra).
  unfold V; simpl. nra.
Qed.

(** ** Lemma 4 *)

Definition scale (g : R) (x : list R) : list R := map (Rmult g) x.

Lemma scale_unit : forall g x, 0 <= g <= 1 -> inunit x -> inunit (scale g x).
Proof.
  intros g x Hg H; induction H; simpl; constructor; auto. unfold unit in *.
  split; [apply Rmult_le_pos; lra|]. assert (g * x <= 1 * 1) by (apply Rmult_le_compat; lra). lra.
Qed.

Lemma scale_gevec : forall g x y, 0 <= g -> gevec x y -> gevec (scale g x) (scale g y).
Proof.
  intros g x y Hg H; induction H; simpl; constructor; auto.
  apply Rle_ge, Rmult_le_compat_l; lra.
Qed.

Lemma prodc_scale_ge : forall g x, 0 <= g <= 1 -> inunit x -> prodc x <= prodc (scale g x).
Proof.
  intros g x Hg H. induction H as [|a x Ha Hx IH]; simpl. lra.
  destruct (prodc_unit _ Hx). unfold unit in Ha.
  assert (0 <= a * (1 - g)) by (apply Rmult_le_pos; lra).
  assert ((1 - a) * prodc x <= (1 - a) * prodc (scale g x)) by (apply Rmult_le_compat_l; lra).
  assert ((1 - a) * prodc (scale g x) <= (1 - g * a) * prodc (scale g x))
    by (apply Rmult_le_compat_r; lra).
  lra.
Qed.

(*! claim DCM-L4 DCM-L4[K=1] DCM-L4[K=2] DCM-L4[K=3] DCM-L4[K=4] DCM-L4[K=5] DCM-L4[K=6] *)
(*! args g x* y* *)
Theorem dcm_lemma4 : forall (g : R) (x y : list R),
  0 <= g <= 1 -> inunit x -> inunit y -> gevec x y ->
  V (scale g x) - V (scale g y) >= g * (V x - V y).
Proof.
  intros g x y Hg Hx Hy H. unfold V. induction H as [|a b x' y' Hab Ht IH]; simpl. lra.
  apply inunit_cons in Hx as [Ha Hx]; apply inunit_cons in Hy as [Hb Hy].
  specialize (IH Hx Hy). unfold unit in *.
  pose proof (prodc_mono y' x' (gevec_le _ _ Ht) Hy Hx) as Hm.
  pose proof (prodc_scale_ge g x' Hg Hx) as Hsx.
  pose proof (prodc_unit _ Hx). 
  set (d := prodc y' - prodc x') in *.
  set (d' := prodc (scale g y') - prodc (scale g x')) in *.
  assert (Hd : 0 <= d) by (unfold d; lra).
  assert (0 <= g * d) by (apply Rmult_le_pos; lra).
  assert ((1 - b) * (g * d) <= (1 - g * b) * (g * d))
    by (apply Rmult_le_compat_r; nra).
  assert (Hgb : 0 <= g * b <= 1) by (split; [apply Rmult_le_pos|]; nra).
  assert (Hgd : g * d <= d') by (unfold d, d'; lra).
  assert ((1 - g * b) * (g * d) <= (1 - g * b) * d')
    by (apply Rmult_le_compat_l; lra).
  assert (g * (a - b) * prodc x' <= g * (a - b) * prodc (scale g x'))
    by (apply Rmult_le_compat_l; nra).
  replace (1 - (1 - g * a) * prodc (scale g x') - (1 - (1 - g * b) * prodc (scale g y')))
    with (g * (a - b) * prodc (scale g x') + (1 - g * b) * d') by (unfold d'; ring).
  replace (g * (1 - (1 - a) * prodc x' - (1 - (1 - b) * prodc y')))
    with (g * (a - b) * prodc x' + (1 - b) * (g * d)) by (unfold d; ring).
  lra.
Qed.

(** ** Lemma 3 and DCM-ORDER: adjacent swaps along insertion sort *)

(** G(c, x) = sum_k c_k x_k - V(c ⊙ x); Lemma 3 says G(c, x') >= G(c, x) *)
Definition G (c x : list R) : R := sum (had c x) - V (had c x).

Lemma lift : forall c1 c' h u u', unit c1 -> unit h ->
  inunit (had c' u) -> inunit (had c' u') ->
  V (had c' u) <= V (had c' u') -> G c' u <= G c' u' ->
  V (had (c1 :: c') (h :: u)) <= V (had (c1 :: c') (h :: u')) /\
  G (c1 :: c') (h :: u) <= G (c1 :: c') (h :: u').
Proof.
  intros c1 c' h u u' Hc Hh Hu Hu' HV HG. unfold G in *. cbn [had sum]. rewrite !V_cons.
  unfold unit in *. assert (Hz : 0 <= c1 * h <= 1).
  { split; [apply Rmult_le_pos; lra|]. assert (c1 * h <= 1 * 1) by (apply Rmult_le_compat; lra); lra. }
  pose proof (V_unit _ Hu). pose proof (V_unit _ Hu').
  assert ((1 - c1 * h) * (1 - V (had c' u')) <= (1 - c1 * h) * (1 - V (had c' u)))
    by (apply Rmult_le_compat_l; lra).
  assert (c1 * h * V (had c' u) <= c1 * h * V (had c' u')) by (apply Rmult_le_compat_l; lra).
  split; nra.
Qed.

Lemma swap_front : forall c1 c2 c'' a h s', unit c1 -> unit c2 -> c1 >= c2 -> a <= h ->
  inunit (had c'' s') ->
  V (had (c1 :: c2 :: c'') (a :: h :: s')) <= V (had (c1 :: c2 :: c'') (h :: a :: s')) /\
  G (c1 :: c2 :: c'') (a :: h :: s') <= G (c1 :: c2 :: c'') (h :: a :: s').
Proof.
  intros c1 c2 c'' a h s' Hc1 Hc2 Hc Hah Hs. unfold G, V. cbn [had sum prodc].
  destruct (prodc_unit _ Hs) as [Q0 Q1].
  assert (HD : 0 <= (c1 - c2) * (h - a)) by (apply Rmult_le_pos; lra).
  assert (0 <= prodc (had c'' s') * ((c1 - c2) * (h - a))) by (apply Rmult_le_pos; lra).
  assert (0 <= (c1 - c2) * (h - a) * (1 - prodc (had c'' s'))) by (apply Rmult_le_pos; lra).
  split; nra.
Qed.

Lemma inunit_tail : forall a x, inunit (a :: x) -> inunit x.
Proof. intros a x H; apply inunit_cons in H; tauto. Qed.

Lemma ins_step : forall s c a, inunit c -> nonincr c -> unit a -> inunit s -> nonincr s ->
  V (had c (a :: s)) <= V (had c (insert a s)) /\ G c (a :: s) <= G c (insert a s).
Proof.
  induction s as [|h s' IH]; intros c a Hc Hnc Ha Hs Hns; simpl insert.
  - split; lra.
  - destruct (Rle_dec h a) as [Hle|Hgt]. split; lra.
    destruct c as [|c1 [|c2 c'']].
    + unfold G; simpl; split; lra.
    + apply inunit_cons in Hc as [Hc1 _]. apply inunit_cons in Hs as [Hh _].
      unfold G, V, unit in *; simpl.
      assert (c1 * a <= c1 * h) by (apply Rmult_le_compat_l; lra). split; lra.
    + pose proof Hc as Hc'. apply inunit_cons in Hc' as [Hc1 Hc2'].
      pose proof Hc2' as Hc2''. apply inunit_cons in Hc2'' as [Hc2 Hc3].
      apply inunit_cons in Hs as [Hh Hs'].
      destruct Hnc as [Hc12 Hnc'].
      assert (Hsw := swap_front c1 c2 c'' a h s' Hc1 Hc2 Hc12 (Rlt_le _ _ (Rnot_le_lt _ _ Hgt))
                       (had_unit _ _ Hc3 Hs')).
      assert (Has : inunit (a :: s')) by (constructor; auto).
      assert (Hins : inunit (insert a s')) by (eapply inunit_perm; [apply insert_perm|exact Has]).
      destruct (IH (c2 :: c'') a Hc2' Hnc' Ha Hs' (nonincr_tail _ _ Hns)) as [HV HG].
      destruct (lift c1 (c2 :: c'') h (a :: s') (insert a s') Hc1 Hh
                  (had_unit _ _ Hc2' Has) (had_unit _ _ Hc2' Hins) HV HG).
      split; lra.
Qed.

Lemma isort_step : forall x c, inunit c -> nonincr c -> inunit x ->
  V (had c x) <= V (had c (isort x)) /\ G c x <= G c (isort x).
Proof.
  induction x as [|a x IH]; intros c Hc Hnc Hx. split; apply Rle_refl.
  destruct c as [|c1 c']. unfold G; simpl; split; lra.
  apply inunit_cons in Hx as [Ha Hx]. pose proof Hc as Hc0. apply inunit_cons in Hc0 as [Hc1 Hc'].
  assert (Hsx : inunit (isort x)) by (eapply inunit_perm; [apply isort_perm|exact Hx]).
  destruct (IH c' Hc' (nonincr_tail _ _ Hnc) Hx) as [HV HG].
  destruct (lift c1 c' a x (isort x) Hc1 Ha (had_unit _ _ Hc' Hx) (had_unit _ _ Hc' Hsx) HV HG).
  destruct (ins_step (isort x) (c1 :: c') a Hc Hnc Ha Hsx (isort_nonincr x)).
  simpl isort. split; lra.
Qed.

(*! claim DCM-L3 *)
(*! noinstance the registered instances DCM-L3[K=k] write x' as Max over k-subsets of Min (sympy Max/Min), which the printer refuses; the Coq statement quantifies over every non-increasing permutation x' of x instead *)
Theorem dcm_lemma3 : forall c x x' : list R,
  inunit x -> inunit c -> nonincr c -> length c = length x ->
  Permutation x x' -> nonincr x' ->
  V (had c x') - V (had c x) <= sum (had c x') - sum (had c x).
Proof.
  intros c x x' Hx Hc Hnc _ HP Hnx.
  assert (E : isort x = x').
  { apply nonincr_perm_eq; [|apply isort_nonincr|auto].
    apply perm_trans with x; [apply Permutation_sym, isort_perm|auto]. }
  subst x'. destruct (isort_step x c Hc Hnc Hx) as [_ HG]. unfold G in HG. lra.
Qed.

Lemma had_mono : forall c x y, Forall (fun a => 0 <= a) c -> Forall2 Rle x y ->
  Forall2 Rle (had c x) (had c y).
Proof.
  induction c as [|a c IH]; intros x y Hc H; simpl. constructor.
  destruct H as [|b d x' y' Hbd H']; simpl. constructor.
  inversion Hc; subst. constructor; [apply Rmult_le_compat_l; auto|apply IH; auto].
Qed.

(** the strict case of DCM-ORDER: ṽ strictly decreasing and positive, w̄ < 1 *)
Fixpoint strictdec (c : list R) : Prop :=
  match c with
  | a :: ((b :: _) as t) => a > b /\ strictdec t
  | _ => True
  end.

Lemma strictdec_tail : forall a c, strictdec (a :: c) -> strictdec c.
Proof. intros a [|b c]; simpl; tauto. Qed.

Lemma had_below1 : forall c x, inunit c -> inunit x -> below1 x -> below1 (had c x).
Proof.
  induction c as [|a c IH]; intros [|b x] Hc Hx Hb; simpl; try constructor.
  - apply inunit_cons in Hc as [Ha _]; apply inunit_cons in Hx as [Hb' _]; inversion Hb; subst.
    unfold unit in *. assert (a * b <= 1 * b) by (apply Rmult_le_compat_r; lra). lra.
  - apply IH; [apply inunit_cons in Hc|apply inunit_cons in Hx|inversion Hb]; tauto.
Qed.

Lemma had_inj : forall c x y, Forall (fun a => 0 < a) c -> length c = length x -> length c = length y ->
  had c x = had c y -> x = y.
Proof.
  induction c as [|a c IH]; intros [|b x] [|d y] Hc Hx Hy E; simpl in *; try discriminate; auto.
  injection E as E1 E2. inversion Hc; subst. f_equal.
  - apply (Rmult_eq_reg_l a); auto; lra.
  - apply IH; auto.
Qed.

Lemma V_cons_eq : forall z l l', z < 1 -> V (z :: l) = V (z :: l') -> V l = V l'.
Proof.
  intros z l l' Hz E. rewrite !V_cons in E.
  assert (E' : (1 - z) * (1 - V l) = (1 - z) * (1 - V l')) by lra.
  apply Rmult_eq_reg_l in E'; lra.
Qed.

Lemma strict_ins : forall s c a, length c = S (length s) -> inunit c -> nonincr c -> strictdec c ->
  unit a -> inunit s -> below1 s -> nonincr s ->
  V (had c (a :: s)) = V (had c (insert a s)) -> insert a s = a :: s.
Proof.
  intros [|h s'] c a Hl Hc Hnc Hsc Ha Hs Hb Hns E; simpl insert in *. reflexivity.
  destruct (Rle_dec h a) as [Hle|Hgt]. reflexivity. exfalso.
  destruct c as [|c1 [|c2 c'']]; simpl in Hl; try discriminate.
  pose proof Hc as Hc'. apply inunit_cons in Hc' as [Hc1 Hc2']. pose proof Hc2' as Hc2''.
  apply inunit_cons in Hc2'' as [Hc2 Hc3]. apply inunit_cons in Hs as [Hh Hs'].
  inversion Hb as [|? ? Hh1 Hb']; subst. destruct Hnc as [Hc12 Hnc']. destruct Hsc as [Hs12 _].
  (* the front swap gains Q (c1 - c2)(h - a) > 0 *)
  assert (Q : 0 < prodc (had c'' s')) by (apply prodc_pos, had_below1; auto).
  assert (Sw : V (had (c1 :: c2 :: c'') (a :: h :: s')) < V (had (c1 :: c2 :: c'') (h :: a :: s'))).
  { unfold V; cbn [had prodc].
    assert (0 < (c1 - c2) * (h - a)) by (apply Rmult_lt_0_compat; lra).
    assert (0 < prodc (had c'' s') * ((c1 - c2) * (h - a))) by (apply Rmult_lt_0_compat; lra). nra. }
  assert (Has : inunit (a :: s')) by (constructor; auto).
  assert (Hins : inunit (insert a s')) by (eapply inunit_perm; [apply insert_perm|exact Has]).
  destruct (ins_step s' (c2 :: c'') a Hc2' Hnc' Ha Hs' (nonincr_tail _ _ Hns)) as [HV HG].
  destruct (lift c1 (c2 :: c'') h (a :: s') (insert a s') Hc1 Hh
              (had_unit _ _ Hc2' Has) (had_unit _ _ Hc2' Hins) HV HG).
  lra.
Qed.

Lemma strict_isort : forall x c, length c = length x -> inunit c -> nonincr c -> strictdec c ->
  inunit x -> below1 x -> V (had c x) = V (had c (isort x)) -> isort x = x.
Proof.
  induction x as [|a x IH]; intros c Hl Hc Hnc Hsc Hx Hb E. reflexivity.
  destruct c as [|c1 c']; simpl in Hl; try discriminate. injection Hl as Hl.
  pose proof Hx as Hx0. apply inunit_cons in Hx0 as [Ha Hx']. inversion Hb as [|? ? Ha1 Hb']; subst.
  pose proof Hc as Hc0. apply inunit_cons in Hc0 as [Hc1 Hc'].
  assert (Hsx : inunit (isort x)) by (eapply inunit_perm; [apply isort_perm|exact Hx']).
  assert (Hbs : below1 (isort x)) by (eapply Forall_perm; [apply isort_perm|exact Hb']).
  destruct (isort_step x c' Hc' (nonincr_tail _ _ Hnc) Hx') as [HV HG].
  destruct (lift c1 c' a x (isort x) Hc1 Ha (had_unit _ _ Hc' Hx') (had_unit _ _ Hc' Hsx) HV HG) as [V1 _].
  destruct (ins_step (isort x) (c1 :: c') a Hc Hnc Ha Hsx (isort_nonincr x)) as [V2 _].
  simpl isort in E |- *.
  assert (E1 : V (had (c1 :: c') (a :: x)) = V (had (c1 :: c') (a :: isort x))) by lra.
  assert (E2 : V (had (c1 :: c') (a :: isort x)) = V (had (c1 :: c') (insert a (isort x)))) by lra.
  assert (Hz : c1 * a < 1).
  { unfold unit in *. assert (c1 * a <= 1 * a) by (apply Rmult_le_compat_r; lra). lra. }
  cbn [had] in E1. apply V_cons_eq in E1; auto.
  assert (Ix : isort x = x) by (apply (IH c'); auto; [eapply nonincr_tail|eapply strictdec_tail]; eauto).
  rewrite (strict_ins (isort x) (c1 :: c') a) by (simpl; try rewrite <- (Permutation_length (isort_perm x));
                                                    auto; apply isort_nonincr).
  rewrite Ix. reflexivity.
Qed.

(** DCM-ORDER: f(A, w, ṽ) = V(ṽ ⊙ w|_A) is maximised by the K items of largest w in
    decreasing order of w, for every ṽ ∈ [0,1]^K with the (non-increasing) order of v̄; in the strict
    case (w distinct and < 1, ṽ strictly decreasing and positive) it is the only maximiser *)
(*! claim DCM-ORDER DCM-ORDER[L=3,K=2] DCM-ORDER[L=4,K=2] DCM-ORDER[L=4,K=3] DCM-ORDER[L=5,K=3] DCM-ORDER[L=6,K=4] DCM-ORDER/ucb[L=6,K=3] *)
(*! noinstance procedure claim over every L, K; lists of items are sub-multisets of w (Permutation w (A ++ rest)), so with distinct w a list of values is a list of items *)
Theorem dcm_order : forall (c w A RA T RT : list R),
  inunit w -> inunit c -> nonincr c ->
  Permutation w (A ++ RA) -> length A = length c ->
  Permutation w (T ++ RT) -> top T RT -> nonincr T -> length T = length c ->
  V (had c A) <= V (had c T) /\
  (NoDup w -> below1 w -> strictdec c -> Forall (fun a => 0 < a) c -> V (had c A) = V (had c T) -> A = T).
Proof.
  intros c w A RA T RT Hw Hc Hnc HA HlA HT Htop HnT HlT.
  destruct (pairing A w RA T RT HA HT Htop ltac:(lia)) as [P [HP HF]].
  assert (HuA : inunit A) by (apply (inunit_app A RA); eapply inunit_perm; eauto).
  assert (HuT : inunit T) by (apply (inunit_app T RT); eapply inunit_perm; eauto).
  assert (HuP : inunit P) by (eapply inunit_perm; eauto).
  assert (Hc0 : Forall (fun a => 0 <= a) c)
    by (eapply Forall_impl; [|exact Hc]; unfold unit; simpl; intros; lra).
  assert (H1 : V (had c A) <= V (had c P))
    by (apply V_mono; [apply had_mono|apply had_unit|apply had_unit]; auto).
  assert (E : isort P = T).
  { apply nonincr_perm_eq; [|apply isort_nonincr|auto].
    apply perm_trans with P; [apply Permutation_sym, isort_perm|apply Permutation_sym; auto]. }
  destruct (isort_step P c Hc Hnc HuP) as [H2 _]. rewrite E in H2. split; [lra|].
  intros _ Hb Hsc Hcp EV.
  assert (HbP : below1 P).
  { eapply Forall_perm in Hb; [|exact HT]. apply Forall_app in Hb as [HbT _]. eapply Forall_perm; eauto. }
  assert (EA : had c A = had c P).
  { apply prodc_strict_eq; [apply had_mono; auto|apply had_unit; auto|apply had_unit; auto|
                            apply had_below1; auto|]. unfold V in H1, H2, EV. lra. }
  assert (HlP : length P = length c) by (rewrite <- (Permutation_length HP); auto).
  apply had_inj in EA; auto. subst P.
  rewrite <- E. symmetry. apply (strict_isort A c); try assumption; [lia | rewrite E; exact EV].
Qed.

(** DCM-WLOG: swapping the two items of a K = 2 list changes f by (v1 - v2)(w1 - w2)
    (slide 'Partial monitoring問題へのアプローチ'; every K: [swap_front] above) *)
(*! claim DCM-WLOG/swap-identity *)
(*! args v1 v2 w1 w2 *)
Theorem dcm_wlog_swap : forall v1 v2 w1 w2 : R,
  V (had [v1; v2] [w1; w2]) - V (had [v1; v2] [w2; w1]) = (v1 - v2) * (w1 - w2).
Proof. intros; unfold V; simpl; ring. Qed.

(** ** Theorem 2: the Abel summation (slide '定理2:証明のつづき', with v̄(K+1) = 0) *)


(*! claim DCM-T2-ABEL DCM-T2-ABEL[K=1] DCM-T2-ABEL[K=2] DCM-T2-ABEL[K=3] DCM-T2-ABEL[K=4] DCM-T2-ABEL[K=5] DCM-T2-ABEL[K=6] DCM-T2-ABEL[K=7] DCM-T2-ABEL[K=8] *)
(*! args v*f z*f #K *)
Theorem dcm_t2_abel : forall (v z : nat -> R) (K : nat), v K = 0 ->
  sumk K (fun k => v k * z k) = sumk K (fun i => (v i - v (S i)) * sumk (S i) z).
Proof. intros v z K H. rewrite abel_gen, H. ring. Qed.

(** ** Theorem 1: the per-round chain (Lemma 1 at γx ≥ γy, then Lemma 2) *)

Lemma sum_scale : forall g x, sum (scale g x) = g * sum x.
Proof. induction x; simpl. ring. rewrite IHx; ring. Qed.

Lemma length_scale : forall g x, length (scale g x) = length x.
Proof. intros; apply map_length. Qed.

(*! claim DCM-T1/chain DCM-T1/chain[K=1] DCM-T1/chain[K=2] DCM-T1/chain[K=3] DCM-T1/chain[K=4] DCM-T1/chain[K=5] DCM-T1/chain[K=6] *)
(*! args p g x* y* *)
Theorem dcm_t1_chain : forall (p g : R) (x y : list R),
  0 <= p <= 1 -> 0 <= g <= 1 -> inbox p x -> inbox p y -> gevec x y ->
  (1 - p) ^ (length x - 1) * (V (scale g x) - V (scale g y)) <= g * (V x - V y).
Proof.
  intros p g x y Hp Hg Hx Hy H.
  pose proof (inbox_unit p x (proj2 Hp) Hx) as Ux. pose proof (inbox_unit p y (proj2 Hp) Hy) as Uy.
  pose proof (dcm_lemma1 (scale g x) (scale g y) (scale_unit g x Hg Ux) (scale_unit g y Hg Uy)
                (scale_gevec g x y (proj1 Hg) H)) as L1.
  rewrite !sum_scale in L1.
  pose proof (dcm_lemma2 p x y Hp Hx Hy H) as L2.
  assert (0 <= (1 - p) ^ (length x - 1)) by (apply pow_le; lra).
  assert ((1 - p) ^ (length x - 1) * (V (scale g x) - V (scale g y))
          <= (1 - p) ^ (length x - 1) * (g * sum x - g * sum y)) by (apply Rmult_le_compat_l; lra).
  assert (g * ((1 - p) ^ (length x - 1) * (sum x - sum y)) <= g * (V x - V y))
    by (apply Rmult_le_compat_l; lra).
  nra.
Qed.

(** Theorem 1 per round, at the conditional means (E[R_t | H_t] = V(γ w̄|_{A*}) - V(γ w̄|_{A_t}),
    DCM-EXP): for every list A_t of K items and every top-K set A*, with p_max = p < 1,
    E[R_t | H_t] <= (γ/α)[f_K(A*, w̄) - f_K(A_t, w̄)].  The reordering of A* (slide '定理1:証明のつづき')
    is the pairing lemma: some ordering of A* dominates A_t elementwise. *)
Theorem dcm_t1_round : forall (p g : R) (w A RA T RT : list R),
  0 <= p < 1 -> 0 <= g <= 1 -> inbox p w ->
  Permutation w (A ++ RA) -> Permutation w (T ++ RT) -> top T RT -> length A = length T ->
  V (scale g T) - V (scale g A) <= g / (1 - p) ^ (length T - 1) * (V T - V A).
Proof.
  intros p g w A RA T RT Hp Hg Hw HA HT Htop Hlen.
  destruct (pairing A w RA T RT HA HT Htop Hlen) as [P [HP HF]].
  assert (HbA : inbox p A) by (eapply Forall_perm in Hw; [|exact HA]; apply Forall_app in Hw; tauto).
  assert (HbT : inbox p T) by (eapply Forall_perm in Hw; [|exact HT]; apply Forall_app in Hw; tauto).
  assert (HbP : inbox p P) by (eapply Forall_perm; eauto).
  assert (Hge : gevec P A) by (clear -HF; induction HF; constructor; auto; lra).
  pose proof (dcm_t1_chain p g P A (conj (proj1 Hp) (Rlt_le _ _ (proj2 Hp))) Hg HbP HbA Hge) as C.
  rewrite <- (Permutation_length HP) in C.
  assert (Es : V (scale g T) = V (scale g P)) by (apply V_perm, Permutation_map, HP).
  rewrite <- (V_perm _ _ HP), <- Es in C.
  assert (Ha : 0 < (1 - p) ^ (length T - 1)) by (apply pow_lt; lra).
  unfold Rdiv. rewrite Rmult_assoc, (Rmult_comm (/ _)), <- Rmult_assoc.
  apply (Rmult_le_reg_r ((1 - p) ^ (length T - 1))); auto.
  rewrite Rmult_assoc, Rinv_l, Rmult_1_r by lra. lra.
Qed.

(** ** Theorem 3 *)

(** the attraction means of a list A_t on B_LB(L, A* = [K], p, Δ, γ): position k shows an item of A*
    (mean p) or, when [b_k] is true, an item outside A* (mean p - Δ) *)
Definition blb (p D : R) (bs : list bool) : list R := map (fun b : bool => if b then p - D else p) bs.

Lemma blb_box : forall p D bs, 0 < D <= p -> inbox p (blb p D bs).
Proof. intros p D bs H; induction bs as [|[|] bs IH]; simpl; constructor; auto; lra. Qed.

Lemma repeat_box : forall p n, 0 <= p -> inbox p (repeat p n).
Proof. intros p n H; induction n; simpl; constructor; auto; lra. Qed.

Lemma blb_gevec : forall p D bs, 0 < D -> gevec (repeat p (length bs)) (blb p D bs).
Proof. intros p D bs H; induction bs as [|[|] bs IH]; simpl; constructor; auto; lra. Qed.

Lemma blb_sum : forall p D bs,
  sum (repeat p (length bs)) - sum (blb p D bs) = D * INR (count_occ Bool.bool_dec bs true).
Proof.
  intros p D bs; induction bs as [|[|] bs IH]; simpl count_occ; cbn [repeat length sum blb map].
  - simpl; ring.
  - fold (blb p D bs). rewrite S_INR. lra.
  - fold (blb p D bs). lra.
Qed.

(** DCM-T3-STEP after conditioning on the history: Lemma 2 applied to the means w̄ (not to the 0/1
    realisations w_t, which lie outside its domain), with m = #{k : a^t_k ∉ A*} *)
(*! claim DCM-T3-STEP/conditioned *)
(*! noinstance procedure claim over every L, K and list A_t; the list A_t is a list of booleans here (true: an item outside A* is shown) *)
Theorem dcm_t3_step_conditioned : forall (p D : R) (bs : list bool), 0 < D <= p -> p <= 1 ->
  V (repeat p (length bs)) - V (blb p D bs)
    >= (1 - p) ^ (length bs - 1) * (sum (repeat p (length bs)) - sum (blb p D bs))
  /\ (1 - p) ^ (length bs - 1) * (sum (repeat p (length bs)) - sum (blb p D bs))
     = (1 - p) ^ (length bs - 1) * D * INR (count_occ Bool.bool_dec bs true).
Proof.
  intros p D bs H H1. split.
  - apply Rle_ge. pose proof (dcm_lemma2 p (repeat p (length bs)) (blb p D bs) ltac:(lra)
      (repeat_box p _ ltac:(lra)) (blb_box p D bs ltac:(lra)) (blb_gevec p D bs ltac:(lra))) as L2.
    rewrite repeat_length in L2. exact L2.
  - rewrite blb_sum. ring.
Qed.

(** Theorem 3 per round (slide '定理3:期待リグレットの下限(特殊形)'): Lemma 4 then Lemma 2, both on the
    means: E[R_t | H_t] = V(γ w̄|_{A*}) - V(γ w̄|_{A_t}) >= γ α Δ m *)
Theorem dcm_t3_round : forall (p D g : R) (bs : list bool), 0 < D <= p -> p <= 1 -> 0 <= g <= 1 ->
  V (scale g (repeat p (length bs))) - V (scale g (blb p D bs))
    >= g * (1 - p) ^ (length bs - 1) * D * INR (count_occ Bool.bool_dec bs true).
Proof.
  intros p D g bs H H1 Hg.
  destruct (dcm_t3_step_conditioned p D bs H H1) as [S E].
  pose proof (dcm_lemma4 g (repeat p (length bs)) (blb p D bs) Hg
    (inbox_unit p _ H1 (repeat_box p _ ltac:(lra)))
    (inbox_unit p _ H1 (blb_box p D bs ltac:(lra))) (blb_gevec p D bs ltac:(lra))) as L4.
  assert (g * (V (repeat p (length bs)) - V (blb p D bs))
          >= g * ((1 - p) ^ (length bs - 1) * D * INR (count_occ Bool.bool_dec bs true))).
  { apply Rle_ge, Rmult_le_compat_l; lra. }
  lra.
Qed.

(** DCM-T3/chain: with the two-arm Lai–Robbins constant liminf E[T_n(e)]/log n >= 1/D_KL(p − Δ‖p)
    for each of the L − K items outside A*, γαΔ Σ_{e=K+1}^{L} (that liminf) >= γα(L − K)Δ/D_KL —
    exactly Theorem 3's constant ([dkl] stands for D_KL(p − Δ‖p) > 0). *)
(*! claim DCM-T3/chain *)
(*! noinstance procedure claim with symbolic L, K; the Coq statement quantifies over every K <= L and every sequence of liminf values *)
Theorem dcm_t3_chain : forall (g a D dkl : R) (L K : nat) (c : nat -> R),
  (K <= L)%nat -> 0 < dkl -> 0 <= g * a * D -> (forall e, c e >= 1 / dkl) ->
  g * a * D * sumk (L - K) (fun _ => 1 / dkl) = g * a * (INR L - INR K) * D / dkl
  /\ g * a * D * sumk (L - K) c >= g * a * (INR L - INR K) * D / dkl.
Proof.
  intros g a D dkl L K c HKL Hd Hg Hc.
  assert (Hs : forall n, sumk n (fun _ => 1 / dkl) = INR n * (1 / dkl)).
  { induction n; simpl sumk. simpl; ring. rewrite IHn, S_INR; ring. }
  assert (Hm : forall n, sumk n c >= sumk n (fun _ => 1 / dkl)).
  { induction n; simpl sumk. lra. specialize (Hc n). lra. }
  assert (E : g * a * D * sumk (L - K) (fun _ => 1 / dkl) = g * a * (INR L - INR K) * D / dkl).
  { rewrite Hs, minus_INR by auto. field. lra. }
  split; auto. rewrite <- E. apply Rle_ge, Rmult_le_compat_l; auto. apply Rge_le, Hm.
Qed.

(** DCM-FACT/weaker: the printed Fact Δ/D_KL is implied by (weaker than) the Lai–Robbins 1/D_KL *)
(*! claim DCM-FACT/weaker *)
(*! noinstance procedure claim; D_KL(p − Δ‖p) enters as any positive number dkl (its positivity for 0 < Δ <= p is KL-MONO) *)
Theorem dcm_fact_weaker : forall p D dkl : R, 0 < D <= p -> p <= 1 -> 0 < dkl ->
  D / dkl <= 1 / dkl /\ (D < 1 -> D / dkl < 1 / dkl).
Proof.
  intros p D dkl HD Hp Hk. assert (0 < / dkl) by (apply Rinv_0_lt_compat; lra).
  unfold Rdiv. split; [|intros]; nra.
Qed.

(** DCM-FACT/as-printed is false: chained with the printed Fact (Δ/D_KL per item) the proof reaches
    γα(L − K)Δ²/D_KL, strictly below Theorem 3's γα(L − K)Δ/D_KL whenever 0 < Δ < 1, γα > 0, K < L. *)
Theorem dcm_fact_as_printed_short : forall (g a D dkl : R) (L K : nat),
  (K < L)%nat -> 0 < dkl -> 0 < g * a -> 0 < D < 1 ->
  g * a * D * sumk (L - K) (fun _ => D / dkl) < g * a * (INR L - INR K) * D / dkl.
Proof.
  intros g a D dkl L K HKL Hd Hga HD.
  assert (Hs : forall n, sumk n (fun _ => D / dkl) = INR n * (D / dkl)).
  { induction n; simpl sumk. simpl; ring. rewrite IHn, S_INR; ring. }
  rewrite Hs, minus_INR by lia.
  assert (HLK : 0 < INR L - INR K) by (apply lt_INR in HKL; lra).
  assert (0 < / dkl) by (apply Rinv_0_lt_compat; lra).
  assert (HX : 0 < g * a * (INR L - INR K) * D * / dkl).
  { apply Rmult_lt_0_compat; [|lra]. apply Rmult_lt_0_compat; [|lra]. apply Rmult_lt_0_compat; lra. }
  set (X := g * a * (INR L - INR K) * D * / dkl) in HX.
  assert (X * D < X * 1) by (apply Rmult_lt_compat_l; lra).
  match goal with |- ?l < ?r =>
    replace l with (X * D) by (unfold X, Rdiv; ring); replace r with X by (unfold X, Rdiv; ring) end.
  lra.
Qed.

(** ** DCM-EXP: the expected DCM reward is the reward at the means *)

(** the outcome list of a K-list: [w(a_1); v(1); w(a_2); v(2); …] (attraction of the item shown at
    position k, termination at position k), all 2K independent *)
Fixpoint interleave (w v : list R) : list R :=
  match w, v with a :: w', c :: v' => a :: c :: interleave w' v' | _, _ => [] end.

(** ∏_k (1 − v(k) w(a_k)) on a 0/1 outcome list in the order of [interleave] *)
Fixpoint noclick (bits : list bool) : R :=
  match bits with
  | a :: t :: rest => (1 - (if a then 1 else 0) * (if t then 1 else 0)) * noclick rest
  | _ => 1
  end.

(*! claim DCM-EXP DCM-EXP[K=1] DCM-EXP[K=2] DCM-EXP[K=3] DCM-EXP[K=4] *)
(*! args wb* vb* *)
Theorem dcm_exp : forall w v : list R, length w = length v ->
  Ebern (interleave w v) (fun bits => 1 - noclick bits) = V (had v w).
Proof.
  intros w v H.
  rewrite (Ebern_ext (interleave w v) (fun bits => 1 - noclick bits) (fun b => 1 + (-1) * noclick b))
    by (intros; ring).
  rewrite (Ebern_plus _ (fun _ => 1) (fun b => -1 * noclick b)), Ebern_const, Ebern_scale. unfold V.
  assert (E : forall w v, length w = length v -> Ebern (interleave w v) noclick = prodc (had v w)).
  { induction w0 as [|a w0 IH]; intros [|c v0] Hl; simpl in *; try discriminate; auto.
    injection Hl as Hl. rewrite !Ebern_scale, IH by auto. ring. }
  rewrite E by auto. ring.
Qed.

(** ** Theorem 2: the prefix step and the per-round chain (slide '定理2:証明のつづき') *)

Lemma sum_perm : forall x y, Permutation x y -> sum x = sum y.
Proof. intros x y H; induction H; simpl; lra. Qed.

Lemma sum_mono : forall x y, Forall2 Rle x y -> sum x <= sum y.
Proof. intros x y H; induction H; simpl; lra. Qed.

Lemma pow_le1 : forall x n, 0 <= x <= 1 -> x ^ n <= 1.
Proof.
  intros x n H; induction n; simpl. lra.
  assert (x * x ^ n <= 1 * 1) by (apply Rmult_le_compat; try lra; apply pow_le; lra). lra.
Qed.

Lemma nonincr_split : forall T i, nonincr T ->
  Forall (fun t => Forall (fun r => r <= t) (skipn i T)) (firstn i T).
Proof.
  induction T as [|a T IH]; intros [|i] H; simpl; try constructor.
  - pose proof (nonincr_all a T H) as Fa. rewrite Forall_forall in *. intros r Hr. apply Fa.
    rewrite <- (firstn_skipn i T). apply in_or_app; right; auto.
  - apply IH. eapply nonincr_tail; eauto.
Qed.

Lemma top_prefix : forall T RT i, nonincr T -> top T RT -> top (firstn i T) (skipn i T ++ RT).
Proof.
  intros T RT i Hn Ht. pose proof (nonincr_split T i Hn) as S. unfold top in *.
  rewrite Forall_forall in *. intros t Htin. apply Forall_app; split; [apply S; auto|].
  apply Ht. rewrite <- (firstn_skipn i T). apply in_or_app; left; auto.
Qed.

Lemma perm_prefix : forall (w A RA : list R) i, Permutation w (A ++ RA) ->
  Permutation w (firstn i A ++ (skipn i A ++ RA)).
Proof. intros; rewrite app_assoc, firstn_skipn; auto. Qed.

(** DCM-T2/prefix-L2: items numbered so that w̄ decreases, A* = the K best (T, sorted); for every
    list A_t of K items and every i <= K:
    Σ_{k<=i}(w̄(a*_k) − w̄(a^t_k)) <= (1/α)[f_i(A*, w̄) − f_i(A_t, w̄)], α = (1 − p_max)^{K−1} *)
(*! claim DCM-T2/prefix-L2 *)
(*! noinstance procedure claim over every K, i <= K and list A_t (sub-multiset of w̄ of size K) *)
Theorem dcm_t2_prefix_l2 : forall (p : R) (w A RA T RT : list R) (i : nat),
  0 <= p < 1 -> inbox p w ->
  Permutation w (A ++ RA) -> Permutation w (T ++ RT) -> top T RT -> nonincr T ->
  length A = length T -> (i <= length T)%nat ->
  sum (firstn i T) - sum (firstn i A)
    <= / (1 - p) ^ (length T - 1) * (V (firstn i T) - V (firstn i A)).
Proof.
  intros p w A RA T RT i Hp Hw HA HT Htop HnT Hl Hi.
  destruct (Nat.eq_dec i 0) as [->|Hi0]. { simpl. unfold V. simpl. lra. }
  assert (HlA : length (firstn i A) = length (firstn i T))
    by (rewrite !firstn_length_le; lia).
  destruct (pairing (firstn i A) w (skipn i A ++ RA) (firstn i T) (skipn i T ++ RT)
              (perm_prefix w A RA i HA) (perm_prefix w T RT i HT) (top_prefix T RT i HnT Htop) HlA)
    as [Q [HQ HF]].
  assert (HbA : inbox p (firstn i A)).
  { eapply Forall_perm in Hw; [|exact (perm_prefix w A RA i HA)]. apply Forall_app in Hw; tauto. }
  assert (HbQ : inbox p Q).
  { eapply Forall_perm in Hw; [|exact (perm_prefix w T RT i HT)]. apply Forall_app in Hw.
    eapply Forall_perm; [exact HQ|tauto]. }
  assert (Hge : gevec Q (firstn i A)) by (clear -HF; induction HF; constructor; auto; lra).
  pose proof (dcm_lemma2 p Q (firstn i A) ltac:(lra) HbQ HbA Hge) as L2.
  rewrite <- (Permutation_length HQ), <- (sum_perm _ _ HQ), <- (V_perm _ _ HQ) in L2.
  rewrite firstn_length_le in L2 by lia.
  assert (HS : 0 <= sum (firstn i T) - sum (firstn i A)).
  { rewrite (sum_perm _ _ HQ). pose proof (sum_mono _ _ HF). lra. }
  set (S := sum (firstn i T) - sum (firstn i A)) in *.
  set (D := V (firstn i T) - V (firstn i A)) in *.
  assert (Ha : 0 < (1 - p) ^ (length T - 1)) by (apply pow_lt; lra).
  assert (Hai : (1 - p) ^ (length T - 1) <= (1 - p) ^ (i - 1)).
  { replace (length T - 1)%nat with ((i - 1) + (length T - i))%nat by lia. rewrite pow_add.
    assert (0 <= (1 - p) ^ (i - 1)) by (apply pow_le; lra).
    pose proof (pow_le1 (1 - p) (length T - i) ltac:(lra)).
    assert ((1 - p) ^ (i - 1) * (1 - p) ^ (length T - i) <= (1 - p) ^ (i - 1) * 1)
      by (apply Rmult_le_compat_l; lra). lra. }
  assert ((1 - p) ^ (length T - 1) * S <= D).
  { assert ((1 - p) ^ (length T - 1) * S <= (1 - p) ^ (i - 1) * S) by (apply Rmult_le_compat_r; lra).
    lra. }
  apply (Rmult_le_reg_l ((1 - p) ^ (length T - 1))); auto.
  rewrite <- Rmult_assoc, Rinv_r, Rmult_1_l by lra. lra.
Qed.

Lemma nonincr_nth : forall c i, nonincr c -> Forall (fun a => 0 <= a) c -> nth (S i) c 0 <= nth i c 0.
Proof.
  induction c as [|a c IH]; intros i Hn H0. simpl; destruct i; lra.
  destruct i as [|i].
  - destruct c as [|b c]; simpl in *. inversion H0; lra. lra.
  - simpl. apply IH. eapply nonincr_tail; eauto. inversion H0; auto.
Qed.

(** Theorem 2 per round, at the conditional means (E[R_t | H_t] = V(w̄|_{A*} ⊙ v̄) − V(w̄|_{A_t} ⊙ v̄),
    DCM-EXP), v̄ non-increasing, v̄(K+1) = 0, p_max = p < 1:
    E[R_t | H_t] <= Σ_i (v̄(i) − v̄(i+1))/α · [f_i(A*, w̄) − f_i(A_t, w̄)].
    Route: Lemma 1 and Lemma 3 (through an ordering of A* that dominates A_t, in place of the
    slides' A_t'), the Abel summation, then DCM-T2/prefix-L2 for each i. *)
Theorem dcm_t2_round : forall (p : R) (c w A RA T RT : list R),
  0 <= p < 1 -> inbox p w -> inunit c -> nonincr c -> length c = length T ->
  Permutation w (A ++ RA) -> Permutation w (T ++ RT) -> top T RT -> nonincr T -> length A = length T ->
  V (had c T) - V (had c A)
    <= sumk (length T) (fun i => (nth i c 0 - nth (S i) c 0) / (1 - p) ^ (length T - 1)
                                  * (V (firstn (S i) T) - V (firstn (S i) A))).
Proof.
  intros p c w A RA T RT Hp Hw Hc Hnc HlcT HA HT Htop HnT Hl.
  destruct (pairing A w RA T RT HA HT Htop Hl) as [P [HP HF]].
  assert (Uw : inunit w) by (apply (inbox_unit p); auto; lra).
  assert (HuA : inunit A) by (apply (inunit_app A RA); eapply inunit_perm; eauto).
  assert (HuT : inunit T) by (apply (inunit_app T RT); eapply inunit_perm; eauto).
  assert (HuP : inunit P) by (eapply inunit_perm; eauto).
  assert (Hc0 : Forall (fun a => 0 <= a) c)
    by (eapply Forall_impl; [|exact Hc]; unfold unit; simpl; intros; lra).
  (* Lemma 1 at c ⊙ P >= c ⊙ A *)
  assert (L1 : V (had c P) - V (had c A) <= sum (had c P) - sum (had c A)).
  { apply dcm_lemma1; try apply had_unit; auto.
    pose proof (had_mono c A P Hc0 HF) as M. clear -M. induction M; constructor; auto; lra. }
  (* Lemma 3 from P to its sorted version T *)
  assert (L3 : V (had c T) - V (had c P) <= sum (had c T) - sum (had c P)).
  { apply dcm_lemma3; auto. rewrite (Permutation_length HP) in HlcT; auto. apply Permutation_sym; auto. }
  (* Σ_k c_k (T_k − A_k), then Abel with c_K = 0 *)
  assert (E : sum (had c T) - sum (had c A)
              = sumk (length T) (fun i => (nth i c 0 - nth (S i) c 0)
                                          * (sum (firstn (S i) T) - sum (firstn (S i) A)))).
  { rewrite !sum_had by lia. rewrite <- HlcT.
    rewrite (sumk_ext _ (fun i => (nth i c 0 - nth (S i) c 0) * (sum (firstn (S i) T) - sum (firstn (S i) A)))
               (fun i => (nth i c 0 - nth (S i) c 0) * sumk (S i) (fun k => nth k T 0 - nth k A 0))).
    - rewrite abel_gen, (nth_overflow c) by lia.
      assert (D : forall n, sumk n (fun k => nth k c 0 * nth k T 0) - sumk n (fun k => nth k c 0 * nth k A 0)
                            = sumk n (fun k => nth k c 0 * (nth k T 0 - nth k A 0))).
      { induction n; simpl. ring. rewrite <- IHn. ring. }
      rewrite D. ring.
    - intros i _. rewrite !sum_firstn.
      assert (D : forall n, sumk n (fun k => nth k T 0) - sumk n (fun k => nth k A 0)
                            = sumk n (fun k => nth k T 0 - nth k A 0)).
      { induction n; simpl. ring. rewrite <- IHn. ring. }
      rewrite D. reflexivity. }
  assert (Hle : sum (had c T) - sum (had c A)
                <= sumk (length T) (fun i => (nth i c 0 - nth (S i) c 0) / (1 - p) ^ (length T - 1)
                                             * (V (firstn (S i) T) - V (firstn (S i) A)))).
  { rewrite E. apply sumk_le. intros i Hi.
    pose proof (dcm_t2_prefix_l2 p w A RA T RT (S i) Hp Hw HA HT Htop HnT Hl ltac:(lia)) as PL.
    pose proof (nonincr_nth c i Hnc Hc0) as Hci.
    unfold Rdiv. rewrite Rmult_assoc.
    apply Rmult_le_compat_l; lra. }
  lra.
Qed.

(** ** Theorem 2: A_t re-sorted by w̄ is dominated by A* (slide '定理2:証明のつづき') *)

Lemma insert_head_ok : forall x l, nonincr (x :: l) -> insert x l = x :: l.
Proof.
  intros x [|h l] H; simpl. reflexivity.
  destruct (Rle_dec h x); [reflexivity|simpl in H; lra].
Qed.

Lemma insert_mono : forall s t a b, Forall2 Rle s t -> nonincr s -> nonincr t -> a <= b ->
  Forall2 Rle (insert a s) (insert b t).
Proof.
  intros s t a b H; revert a b. induction H as [|h u s' t' Hhu Ht IH]; intros a b Hs Ht' Hab; simpl.
  - constructor; auto.
  - destruct (Rle_dec h a) as [Ha|Ha]; destruct (Rle_dec u b) as [Hb|Hb].
    + constructor; [lra | constructor; [lra | exact Ht]].
    + constructor; [lra|].
      rewrite <- (insert_head_ok h s' Hs). apply IH; [eapply nonincr_tail|eapply nonincr_tail|]; eauto; lra.
    + constructor; [lra|].
      rewrite <- (insert_head_ok u t' Ht'). apply IH; [eapply nonincr_tail|eapply nonincr_tail|]; eauto; lra.
    + constructor; [lra|]. apply IH; [eapply nonincr_tail|eapply nonincr_tail|]; eauto.
Qed.

Lemma isort_mono : forall x y, Forall2 Rle x y -> Forall2 Rle (isort x) (isort y).
Proof.
  intros x y H; induction H; simpl. constructor.
  apply insert_mono; auto; apply isort_nonincr.
Qed.

(** DCM-T2/sorted-dominance: with A* the K best items in decreasing order of w̄ (T) and A_t' any list
    A_t re-sorted decreasingly by w̄: w̄(a*_k) >= w̄(a'_k) for every k, hence w̄|_{A*} ⊙ v̄ >=
    w̄|_{A_t'} ⊙ v̄ for every v̄ >= 0 *)
(*! claim DCM-T2/sorted-dominance *)
(*! noinstance procedure claim over every L >= K and list A_t (a sub-multiset of w̄) *)
Theorem dcm_t2_sorted_dominance : forall (w A RA T RT A' c : list R),
  Permutation w (A ++ RA) -> Permutation w (T ++ RT) -> top T RT -> nonincr T ->
  length A = length T -> Permutation A A' -> nonincr A' -> Forall (fun a => 0 <= a) c ->
  gevec T A' /\ gevec (had c T) (had c A').
Proof.
  intros w A RA T RT A' c HA HT Htop HnT Hl HA' HnA' Hc.
  destruct (pairing A w RA T RT HA HT Htop Hl) as [P [HP HF]].
  assert (ET : isort P = T).
  { apply nonincr_perm_eq; [|apply isort_nonincr|auto].
    apply perm_trans with P; [apply Permutation_sym, isort_perm|apply Permutation_sym; auto]. }
  assert (EA : isort A = A').
  { apply nonincr_perm_eq; [|apply isort_nonincr|auto].
    apply perm_trans with A; [apply Permutation_sym, isort_perm|auto]. }
  pose proof (isort_mono A P HF) as M. rewrite ET, EA in M.
  assert (G : forall x y, Forall2 Rle x y -> gevec y x) by (intros x y H; induction H; constructor; auto; lra).
  split; apply G; auto. apply had_mono; auto.
Qed.

(** DCM-T2/reduces-to-T1: with v̄(1) = … = v̄(K) = γ and v̄(K+1) = 0, Theorem 2's bound (with C)
    equals Theorem 1's.  [s i] stands for Σ_{e=i+1}^{L} Δ_{e,i}(1 + log(1/Δ_{e,i}))/D_KL(w̄(e)‖w̄(i)),
    [ln] for log n, [lln] for log log n, [c2nb] for C_2(ε)/n^{β(ε)}; positions are 1-based in [v]. *)
(*! claim DCM-T2/reduces-to-T1 *)
(*! noinstance procedure claim with symbolic K and abstract bound terms *)
Theorem dcm_t2_reduces_to_t1 : forall (g a eps ln lln c2nb L : R) (K : nat) (v s : nat -> R),
  (1 <= K)%nat -> a <> 0 -> (forall i, (1 <= i <= K)%nat -> v i = g) -> v (S K) = 0 ->
  (1 + eps) * sumk K (fun i => (v (S i) - v (S (S i))) / a * s (S i)) * (ln + 3 * lln)
    + sumk K (fun i => (v (S i) - v (S (S i))) / a * (INR (S i) * L * c2nb + 7 * INR (S i) * lln))
  = g / a * ((1 + eps) * s K) * (ln + 3 * lln) + g / a * (INR K * L * c2nb + 7 * INR K * lln).
Proof.
  intros g a eps ln lln c2nb L K v s HK Ha Hv HvK.
  destruct K as [|K]; [lia|].
  assert (Z : forall (f : nat -> R) n, (n <= K)%nat ->
            sumk n (fun i => (v (S i) - v (S (S i))) / a * f i) = 0).
  { intros f n Hn. induction n; simpl. reflexivity.
    rewrite IHn by lia. rewrite (Hv (S n)), (Hv (S (S n))) by lia. field; auto. }
  rewrite !sumk_S, !Z by lia. rewrite (Hv (S K)), HvK by lia. field; auto.
Qed.

(** DCM-T1/rearrangement (slide '定理1:証明のつづき'): items are numbers, [w] their attractions, A* a
    set of K best items; reorder A* into any list B (a permutation of A-star) with B(k) = A_t(k) whenever
    A_t(k) ∈ A* (every fill of the other positions): then w̄|_B >= w̄|_{A_t} elementwise. *)
(*! claim DCM-T1/rearrangement *)
(*! noinstance procedure claim over every L, K, w and list; items are natural numbers *)
Theorem dcm_t1_rearrangement : forall (w : nat -> R) (Astar At B : list nat),
  (forall e e', In e Astar -> ~ In e' Astar -> w e' <= w e) ->
  Permutation Astar B -> length B = length At ->
  (forall k, (k < length At)%nat -> In (nth k At 0%nat) Astar -> nth k B 0%nat = nth k At 0%nat) ->
  forall k, (k < length At)%nat -> w (nth k At 0%nat) <= w (nth k B 0%nat).
Proof.
  intros w Astar At B Htop HB Hl Hfix k Hk.
  destruct (in_dec Nat.eq_dec (nth k At 0%nat) Astar) as [Hin|Hout].
  - rewrite Hfix; auto. lra.
  - apply Htop; auto. apply Permutation_in with B; [apply Permutation_sym; auto|].
    apply nth_In. lia.
Qed.

(** DCM-T2/weight-sum (the presenter's 'gはKの増加正値関数?'): with v̄(K+1) = 0,
    Σ_i (v̄(i) − v̄(i+1))(L − i) = v̄(1)(L − g(K)) for g(K) = Σ_{k<=K} v̄(k)/v̄(1), which is
    non-decreasing in K, lies in [1, K], and equals K iff v̄ is constant (1-based positions in [v]) *)
Definition gK (v : nat -> R) (n : nat) : R := sumk n (fun k => v (S k)) / v 1%nat.

Lemma sumk_nonneg_zero : forall n h, (forall k, (k < n)%nat -> 0 <= h k) -> sumk n h = 0 ->
  forall k, (k < n)%nat -> h k = 0.
Proof.
  induction n; intros h Hh E k Hk. lia. simpl in E.
  assert (0 <= sumk n h) by (rewrite <- (sumk_zero n); apply sumk_le; intros; apply Hh; lia).
  pose proof (Hh n ltac:(lia)).
  destruct (Nat.eq_dec k n) as [->|Hne]; [lra|]. apply IHn; [intros; apply Hh; lia | lra | lia].
Qed.

(*! claim DCM-T2/weight-sum *)
(*! noinstance procedure claim with symbolic K; v̄ is a sequence indexed from 1 *)
Theorem dcm_t2_weight_sum : forall (v : nat -> R) (L : R) (K : nat),
  (1 <= K)%nat -> 0 < v 1%nat ->
  (forall k, (1 <= k < K)%nat -> v (S k) <= v k) -> (forall k, (1 <= k <= K)%nat -> 0 <= v k) ->
  v (S K) = 0 ->
  sumk K (fun i => (v (S i) - v (S (S i))) * (L - INR (S i))) = v 1%nat * (L - gK v K)
  /\ (forall k, (1 <= k < K)%nat -> gK v k <= gK v (S k))
  /\ 1 <= gK v K <= INR K
  /\ (gK v K = INR K <-> forall k, (1 <= k <= K)%nat -> v k = v 1%nat).
Proof.
  intros v L K HK Hv1 Hdec Hpos HvK.
  assert (Hle1 : forall k, (1 <= k <= K)%nat -> v k <= v 1%nat).
  { induction k as [|k IH]; intros Hk. lia. destruct (Nat.eq_dec k 0) as [->|]; [lra|].
    pose proof (Hdec k ltac:(lia)). pose proof (IH ltac:(lia)). lra. }
  assert (Gen : forall n, sumk n (fun i => (v (S i) - v (S (S i))) * (L - INR (S i)))
                = L * (v 1%nat - v (S n)) - (sumk n (fun k => v (S k)) - INR n * v (S n))).
  { induction n. simpl; ring. rewrite !sumk_S, IHn, !S_INR. ring. }
  assert (Hs1 : v 1%nat <= sumk K (fun k => v (S k))).
  { destruct K as [|K]; [lia|]. rewrite sumk_shift.
    assert (0 <= sumk K (fun k => v (S (S k))))
      by (rewrite <- (sumk_zero K); apply sumk_le; intros; apply Hpos; lia). lra. }
  assert (HsK : sumk K (fun k => v (S k)) <= INR K * v 1%nat).
  { assert (forall n, (n <= K)%nat -> sumk n (fun k => v (S k)) <= INR n * v 1%nat) as H; [|apply H; lia].
    induction n; intros Hn; simpl sumk. simpl; lra. rewrite S_INR. pose proof (Hle1 (S n) ltac:(lia)).
    pose proof (IHn ltac:(lia)). lra. }
  unfold gK. repeat split.
  - rewrite Gen, HvK. field. lra.
  - intros k Hk. simpl sumk. unfold Rdiv. apply Rmult_le_compat_r; [left; apply Rinv_0_lt_compat; lra|].
    pose proof (Hpos (S k) ltac:(lia)). lra.
  - apply (Rmult_le_reg_r (v 1%nat)); auto. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra.
  - apply (Rmult_le_reg_r (v 1%nat)); auto. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra.
  - intros E k Hk.
    assert (E' : sumk K (fun j => v 1%nat - v (S j)) = 0).
    { assert (D : forall n, sumk n (fun j => v 1%nat - v (S j)) = INR n * v 1%nat - sumk n (fun j => v (S j))).
      { induction n; simpl sumk. simpl; ring. rewrite IHn, S_INR. ring. }
      rewrite D. unfold Rdiv in E. apply (Rmult_eq_compat_r (v 1%nat)) in E.
      rewrite Rmult_assoc, Rinv_l, Rmult_1_r in E by lra. lra. }
    assert (Hnn : forall j, (j < K)%nat -> 0 <= v 1%nat - v (S j))
      by (intros j Hj; pose proof (Hle1 (S j) ltac:(lia)); lra).
    pose proof (sumk_nonneg_zero K (fun j => v 1%nat - v (S j)) Hnn E' (pred k) ltac:(lia)) as Z.
    cbv beta in Z. replace (S (pred k)) with k in Z by lia. lra.
  - intros Hc. assert (forall n, (n <= K)%nat -> sumk n (fun k => v (S k)) = INR n * v 1%nat) as H.
    { induction n; intros Hn; simpl sumk. simpl; ring. rewrite IHn, (Hc (S n)), S_INR by lia. ring. }
    rewrite H by lia. field. lra.
Qed.
